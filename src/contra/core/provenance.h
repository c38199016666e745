// Provenance is data (DESIGN.md, example 9): every run records where and with what it ran.
#pragma once

#include <string>

namespace contra::core {

/// The git SHA the binary was built from (short, `-dirty` when the tree had changes), or "unknown".
std::string git_sha();
/// LibTorch's version string, e.g. "1.13.1".
std::string torch_version();
/// Current UTC time in ISO 8601, e.g. "2026-11-29T22:47:50Z".
std::string utc_now_iso8601();
/// This machine's host name.
std::string host_name();

/// Which BLAS LibTorch runs on, read from the libraries mapped into this process:
/// "openblas", "mkl", "blis", or "reference" (Debian's netlib BLAS, about 2x slower here).
std::string blas_backend();
/// True unless blas_backend() is "reference".
bool has_optimised_blas();
/// One line telling the user how to get an optimised BLAS, for when has_optimised_blas() is false.
std::string blas_advice();

}  // namespace contra::core

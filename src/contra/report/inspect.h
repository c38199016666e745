// `contra inspect`: what a run record holds, in words (provenance is data, DESIGN.md example 9).
#pragma once

#include <filesystem>
#include <string>

namespace contra::report {

/// A readable description of one run file: its checksum (verified, or none for a record from
/// before checksums), status, provenance, axes, summary, the shapes of its
/// step and epoch columns, the epoch table and (when `with_config`) the resolved config.
/// Throws ContraError when the file cannot be read.
std::string inspect_run(const std::filesystem::path& file, bool with_config);

}  // namespace contra::report

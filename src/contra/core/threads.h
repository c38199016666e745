// Thread counts of the two pools a CPU training step uses: LibTorch's intra-op (OpenMP) pool, which
// runs the convolutions (oneDNN) and element-wise kernels, and the BLAS library's own pool, which
// runs the matrix products LibTorch hands to it. Set explicitly: some LibTorch builds (Debian's 1.13
// among them) default to one intra-op thread however many cores there are, and OpenBLAS's pthread
// pool, left at every core, competes with the OpenMP pool for the same cores (bench/README.md,
// BM_StepBlasAllCores against BM_Step: the CPU default step took 1.4-1.6x as long with both pools
// at 2 threads on 2 cores).
#pragma once

namespace contra::core {

/// Sets LibTorch's intra-op threads to `requested`, or to every core when `requested` <= 0, and
/// the BLAS library's own pool to one thread (see set_blas_threads). Returns the intra-op count now
/// in use.
int set_threads(int requested);

/// Sets the thread count of the BLAS library's own pool when the loaded BLAS has one (OpenBLAS's
/// openblas_set_num_threads or BLIS's bli_thread_set_num_threads, looked up at run time, so any
/// Debian BLAS alternative works). Returns false when the loaded BLAS has no such pool (the
/// reference BLAS, or a BLAS threaded by the same OpenMP pool).
bool set_blas_threads(int threads);

/// Gives the BLAS pool `threads` threads while it lives and one again afterwards (set_threads's
/// training setting): for phases made mostly of large matrix products with nothing else running,
/// such as the kNN monitor (bench/README.md, BM_Knn: 1.3x faster with both cores at its chunk of 512).
class BlasThreadsScope {
 public:
  explicit BlasThreadsScope(int threads) { set_blas_threads(threads); }
  ~BlasThreadsScope() { set_blas_threads(1); }
  BlasThreadsScope(const BlasThreadsScope&) = delete;
  BlasThreadsScope& operator=(const BlasThreadsScope&) = delete;
};

}  // namespace contra::core

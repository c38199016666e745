// The momentum (EMA) update of a key encoder (MoCo v1 Eq. 2, arXiv:1911.05722):
// θk ← m·θk + (1−m)·θq over the parameters; buffers (BN statistics) are left to the key
// encoder's own forward passes, as in the official code.
#pragma once

#include <torch/nn/module.h>

namespace contra::methods {

/// Applies θk ← m·θk + (1−m)·θq to every parameter of `key` from the matching one of `query`.
/// m = 0 copies θq; m = 1 leaves θk unchanged. Throws ContraError when m is outside [0, 1].
void momentum_update(const torch::nn::Module& query, torch::nn::Module& key, double m);

}  // namespace contra::methods

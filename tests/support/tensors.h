// Tensor-list helpers for tests that compare two runs of the same computation.
#pragma once

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <vector>

namespace contra::testing {

/// Detached copies of the tensors.
inline std::vector<torch::Tensor> cloned(const std::vector<torch::Tensor>& tensors) {
  std::vector<torch::Tensor> out;
  for (const auto& t : tensors) out.push_back(t.detach().clone());
  return out;
}

/// Copies of the parameters' gradients (each must be defined).
inline std::vector<torch::Tensor> grads(const std::vector<torch::Tensor>& params) {
  std::vector<torch::Tensor> out;
  for (const auto& p : params) out.push_back(p.grad().clone());
  return out;
}

/// CHECKs that the lists match tensor by tensor within `tol` (relative and absolute), compared in
/// float64 so integer buffers compare too; the INFO names the tensor and its largest difference.
inline void check_close(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b, double tol) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto x = a[i].to(torch::kFloat64), y = b[i].to(torch::kFloat64);
    INFO("tensor " << i << ", largest difference " << (x - y).abs().max().item<double>());
    CHECK(torch::allclose(x, y, tol, tol));
  }
}

}  // namespace contra::testing

#include "contra/eval/linear_probe.h"

#include <fmt/format.h>
#include <torch/torch.h>

#include <algorithm>
#include <chrono>

#include "contra/core/error.h"
#include "contra/dist/row_share.h"
#include "contra/eval/accuracy.h"

namespace contra::eval {

std::string LinearProbeOptions::describe() const {
  return fmt::format(
      "linear probe: multinomial logistic regression on frozen backbone features (no augmentation, "
      "standardised), L-BFGS to a largest gradient entry of {:g} (at most {} iterations), L2 λ = {:g}",
      tolerance_grad, max_iter, weight_decay);
}

namespace {

void check_split(const torch::Tensor& x, const torch::Tensor& y, std::int64_t features, std::int64_t num_classes,
                 const char* name) {
  CONTRA_CHECK(x.dim() == 2 && x.size(0) >= 1 && x.size(1) == features && y.dim() == 1 && y.size(0) == x.size(0),
               "linear probe: the {} split must be N×{} features with N labels, got {} and {}", name, features,
               x.sizes(), y.sizes());
  CONTRA_CHECK(y.min().item<std::int64_t>() >= 0 && y.max().item<std::int64_t>() < num_classes,
               "linear probe: a {} label lies outside [0, {})", name, num_classes);
}

}  // namespace

LinearProbeResult linear_probe(const torch::Tensor& train, const torch::Tensor& train_labels, const torch::Tensor& test,
                               const torch::Tensor& test_labels, std::int64_t num_classes,
                               const LinearProbeOptions& options, const dist::World& world) {
  CONTRA_CHECK(options.max_iter >= 1, "linear probe: max_iter = {} must be >= 1", options.max_iter);
  CONTRA_CHECK(options.tolerance_grad > 0, "linear probe: tolerance_grad = {} must be > 0", options.tolerance_grad);
  CONTRA_CHECK(options.weight_decay >= 0, "linear probe: weight_decay = {} must be >= 0", options.weight_decay);
  CONTRA_CHECK(num_classes >= 2, "linear probe: {} classes; it needs at least 2", num_classes);
  CONTRA_CHECK(train.dim() == 2, "linear probe: training features must be N×F, got {}", train.sizes());
  const auto f = train.size(1);
  const auto y_train = train_labels.to(train.device(), torch::kInt64);
  const auto y_test = test_labels.to(train.device(), torch::kInt64);
  check_split(train, y_train, f, num_classes, "train");
  check_split(test, y_test, f, num_classes, "test");

  torch::NoGradGuard outer;  // nothing outside the fit needs a graph
  const auto x_train = train.detach().to(torch::kFloat32);
  const auto mean = x_train.mean(0, true), std = x_train.std(0, false, true).clamp_min(1e-6);  // 1×F
  const auto xs_train = (x_train - mean) / std;
  const auto xs_test = (test.detach().to(train.device(), torch::kFloat32) - mean) / std;

  auto weight = torch::zeros({num_classes, f}, xs_train.options()).requires_grad_(true);
  auto bias = torch::zeros({num_classes}, xs_train.options()).requires_grad_(true);
  const auto start = std::chrono::steady_clock::now();
  // tolerance_change at 0: only the gradient (converged) or the cap ends the fit, so that
  // `converged` says which.
  torch::optim::LBFGS lbfgs({weight, bias}, torch::optim::LBFGSOptions(1)
                                                .max_iter(options.max_iter)
                                                .max_eval(options.max_iter * 5 / 4)
                                                .tolerance_grad(options.tolerance_grad)
                                                .tolerance_change(0)
                                                .history_size(20)
                                                .line_search_fn("strong_wolfe"));
  // With W ranks, this rank's rows of the training split; its part of the mean cross-entropy.
  const auto mine = dist::row_share(xs_train.size(0), world);
  const auto xs_mine = xs_train.slice(0, mine.start, mine.start + mine.count);
  const auto y_mine = y_train.slice(0, mine.start, mine.start + mine.count);
  const auto l2 = [&] { return 0.5 * options.weight_decay * weight.pow(2).sum(); };
  // The loss with its gradient in weight.grad() and bias.grad().
  const auto loss_and_gradient = [&] {
    lbfgs.zero_grad();
    if (world.single()) {
      auto loss = torch::nn::functional::cross_entropy(torch::addmm(bias, xs_train, weight.t()), y_train) + l2();
      loss.backward();
      return loss;
    }
    namespace F = torch::nn::functional;
    const auto part = F::cross_entropy(torch::addmm(bias, xs_mine, weight.t()), y_mine,
                                       F::CrossEntropyFuncOptions().reduction(torch::kSum)) /
                      static_cast<double>(xs_train.size(0));
    part.backward();
    // One all-reduce: the loss's and both gradients' sums over the ranks, then the penalty's.
    std::vector<torch::Tensor> sums{
        torch::cat({part.detach().reshape({1}), weight.grad().flatten(), bias.grad().flatten()})};
    world.all_reduce_sum(sums);
    weight.mutable_grad().copy_(sums[0].slice(0, 1, 1 + weight.numel()).view_as(weight));
    bias.mutable_grad().copy_(sums[0].slice(0, 1 + weight.numel()).view_as(bias));
    auto penalty = l2();
    penalty.backward();
    return sums[0][0] + penalty.detach();
  };
  {
    torch::AutoGradMode grad(true);
    lbfgs.step(loss_and_gradient);
  }
  LinearProbeResult result;
  const auto& state = static_cast<const torch::optim::LBFGSParamState&>(*lbfgs.state().begin()->second);
  result.iterations = state.n_iter();
  if (!world.single()) {  // the ranks took the same steps, or their all-reduces paired up wrongly
    const auto steps = world.all_gather(torch::tensor({state.n_iter(), state.func_evals()}, torch::kInt64).view({1, 2}));
    for (int r = 1; r < world.size(); ++r)
      CONTRA_CHECK(torch::equal(steps[r], steps[0]),
                   "linear probe: rank {} took {} L-BFGS iterations and {} loss evaluations, rank 0 {} and {}: the "
                   "ranks must compute alike (the same CPUs and libraries)",
                   r, steps[r][0].item<std::int64_t>(), steps[r][1].item<std::int64_t>(),
                   steps[0][0].item<std::int64_t>(), steps[0][1].item<std::int64_t>());
  }
  {
    torch::AutoGradMode grad(true);
    const auto loss = loss_and_gradient();
    result.train_loss = loss.item<double>();
    result.grad_max = std::max(weight.grad().abs().max().item<double>(), bias.grad().abs().max().item<double>());
  }
  result.converged = result.grad_max <= options.tolerance_grad;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.train_top1 = top1_percent(torch::addmm(bias, xs_train, weight.t()).argmax(1), y_train);
  result.test_top1 = top1_percent(torch::addmm(bias, xs_test, weight.t()).argmax(1), y_test);
  return result;
}

}  // namespace contra::eval

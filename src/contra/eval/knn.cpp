#include "contra/eval/knn.h"

#include <torch/torch.h>

#include "contra/core/error.h"
#include "contra/dist/row_share.h"
#include "contra/eval/accuracy.h"

namespace contra::eval {

namespace {

void check_knn_options(std::int64_t k, double t) {
  CONTRA_CHECK(k >= 1, "kNN: k = {} must be >= 1", k);
  CONTRA_CHECK(t > 0, "kNN: t = {} must be > 0", t);
}

}  // namespace

torch::Tensor knn_predict(const torch::Tensor& train, const torch::Tensor& train_labels, const torch::Tensor& test,
                          std::int64_t num_classes, std::int64_t k, double t, std::int64_t chunk) {
  check_knn_options(k, t);
  CONTRA_CHECK(
      train.dim() == 2 && test.dim() == 2 && train.size(1) == test.size(1) && train_labels.size(0) == train.size(0),
      "kNN: expected train N×F, labels N and test M×F, got {}, {} and {}", train.sizes(), train_labels.sizes(),
      test.sizes());
  const auto kk = std::min(k, train.size(0));
  const auto labels = train_labels.to(train.device());
  std::vector<torch::Tensor> predictions;
  for (std::int64_t start = 0; start < test.size(0); start += chunk) {
    const auto q = test.slice(0, start, std::min(test.size(0), start + chunk));
    const auto sim = q.mm(train.t());  // m×N cosine similarities
    const auto top = sim.topk(kk, 1);  // m×k values and indices
    // m×k, exp(s/t) scaled by exp(-s_max/t) per row: the vote is unchanged and a small t cannot
    // overflow float32 (topk is sorted, so column 0 holds the row's largest similarity).
    const auto& top_sim = std::get<0>(top);
    const auto weights = ((top_sim - top_sim.narrow(1, 0, 1)) / t).exp();
    const auto neighbour_labels = labels.index({std::get<1>(top)});  // m×k
    auto votes = torch::zeros({q.size(0), num_classes}, weights.options());
    votes.scatter_add_(1, neighbour_labels, weights);  // m×C, weights summed per class
    predictions.push_back(votes.argmax(1));
  }
  return torch::cat(predictions, 0);
}

double knn_top1(const torch::Tensor& train, const torch::Tensor& train_labels, const torch::Tensor& test,
                const torch::Tensor& test_labels, std::int64_t num_classes, std::int64_t k, double t,
                std::int64_t chunk) {
  const auto pred = knn_predict(train, train_labels, test, num_classes, k, t, chunk);
  return top1_percent(pred, test_labels);
}

double knn_top1(const torch::Tensor& train, const torch::Tensor& train_labels, const torch::Tensor& test,
                const torch::Tensor& test_labels, std::int64_t num_classes, std::int64_t k, double t,
                const dist::World& world, std::int64_t chunk) {
  if (world.single() || test.size(0) == 0)
    return knn_top1(train, train_labels, test, test_labels, num_classes, k, t, chunk);
  // Checked on every rank before the split: a rank without test rows would otherwise wait for the
  // others' error in the all-reduce.
  check_knn_options(k, t);
  const auto mine = dist::row_share(test.size(0), world);
  double correct = 0;
  if (mine.count > 0) {
    const auto rows = test.slice(0, mine.start, mine.start + mine.count);
    const auto pred = knn_predict(train, train_labels, rows, num_classes, k, t, chunk);
    const auto labels = test_labels.slice(0, mine.start, mine.start + mine.count).to(pred.device());
    correct = pred.eq(labels).sum().item<double>();
  }
  std::vector<torch::Tensor> sums{torch::full({1}, correct, torch::kFloat64)};
  world.all_reduce_sum(sums);
  return 100.0 * (sums[0].item<double>() / static_cast<double>(test.size(0)));
}

}  // namespace contra::eval

#include "contra/methods/memory_bank.h"

#include <torch/torch.h>

#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/dist/batch_shard.h"
#include "contra/losses/info_nce.h"
#include "contra/losses/nce.h"
#include "contra/losses/similarity.h"

namespace contra::methods {

namespace F = torch::nn::functional;

namespace {
constexpr std::uint64_t kSamplingStream = 4;  // core::make_generator's stream of the negatives' draws
}  // namespace

torch::Tensor memory_update(const torch::Tensor& v, const torch::Tensor& f, double lambda) {
  return F::normalize(lambda * v + (1.0 - lambda) * f, F::NormalizeFuncOptions().dim(1));
}

FeatureBankImpl::FeatureBankImpl(std::int64_t rows, std::int64_t dim, at::Generator& gen) {
  CONTRA_CHECK(rows >= 1 && dim >= 1, "memory bank: {} rows of dimension {} (both must be >= 1)", rows, dim);
  bank_ = register_buffer(
      "bank", F::normalize(torch::randn({rows, dim}, gen, torch::kFloat32), F::NormalizeFuncOptions().dim(1)));
}

torch::Tensor FeatureBankImpl::sample(std::int64_t queries, std::int64_t k, at::Generator& gen) const {
  return torch::randint(0, bank_.size(0), {queries, k}, gen,
                        torch::TensorOptions().dtype(torch::kInt64).device(bank_.device()));
}

void FeatureBankImpl::update(const torch::Tensor& index, const torch::Tensor& features, double lambda) {
  torch::NoGradGuard no_grad;
  const auto idx = index.to(bank_.device());
  const auto f = features.detach().to(bank_.device(), bank_.scalar_type());
  bank_.index_copy_(0, idx, memory_update(bank_.index_select(0, idx), f, lambda));
}

void MemoryBank::validate(const MemoryBankOptions& o, const config::Checks& c) {
  c.at_least("method.negatives", o.negatives, 1, "K");
  c.require(o.memory_momentum >= 0 && o.memory_momentum < 1, "method.memory_momentum", o.memory_momentum,
            "λ must lie in [0, 1)");
  check_temperature(o.temperature, c);
  c.unit("method.nce_z_momentum", o.nce_z_momentum, "ρ");
}

std::string MemoryBank::describe(const DistinctValues& v) {
  return fmt::format("memory_bank with K = {} sampled negatives, λ = {}", v("method.negatives"),
                     v("method.memory_momentum"));
}

MemoryBank::MemoryBank(const config::ModelOptions& model, const MemoryBankOptions& options, const DataShape& data,
                       std::uint64_t seed)
    : options_(options), seed_(seed), sample_gen_(core::make_generator(seed, kSamplingStream)) {
  validate(options, config::Checks());
  if (options.loss == BankLoss::nce) z_buffer_ = register_buffer("nce_z", torch::zeros({}, torch::kFloat64));
  encoder_ = register_module("encoder", models::Encoder(model, data.in_channels));
  auto bank_gen = core::make_generator(seed, 2);
  bank_ = register_module("bank", FeatureBank(data.train_size, model.dim, bank_gen));
}

StepOutput MemoryBank::forward_step(const Batch& batch) {
  const auto& index = batch.index;
  const auto& w = world();
  const auto q = encoder_->forward(batch.view_q);  // n×D, this rank's share of the global batch
  const auto n = q.size(0), k = options_.negatives;
  const auto& rows = bank_->rows();
  const auto idx = index.to(rows.device());
  const auto positive = losses::row_similarity(q, rows.index_select(0, idx));  // N: q·v_i
  // One global (n·W)×K draw from the stream every rank shares; this rank's rows of it: n×K indices.
  const auto drawn = dist::shard(bank_->sample(n * w.size(), k, sampling_generator()), w);
  const auto negative = losses::sampled_similarity(q, rows, drawn);  // n×K
  const auto targets = torch::zeros({n}, torch::TensorOptions().dtype(torch::kInt64).device(q.device()));
  pending_index_ = dist::gather(idx, w);  // every rank writes the global batch's rows
  pending_features_ = dist::gather(q.detach(), w);
  if (options_.loss == BankLoss::nce) {
    const auto t = options_.temperature;
    auto estimate = losses::nce_normaliser(negative, t, rows.size(0));  // this batch's Z (Eq. 7), 0-d
    if (!w.single()) {  // the mean over the global batch's draws: the mean of the ranks' equal-sized means
      std::vector<torch::Tensor> sum{estimate.contiguous()};
      w.all_reduce_sum(sum);
      estimate = sum[0] / static_cast<double>(w.size());
    }
    const double rho = options_.nce_z_momentum;
    {
      torch::NoGradGuard no_grad;  // the first batch's estimate, then a running mean; on the device
      z_buffer_.copy_(torch::where(z_buffer_ == 0, estimate, rho * z_buffer_ + (1 - rho) * estimate));
    }
    const auto loss = losses::nce_loss(positive, negative, t, z_buffer_, rows.size(0));
    const auto logits = torch::cat({positive.unsqueeze(1), negative}, 1).detach();  // N×(1+K), positive first
    return {loss, losses::count_correct(logits, targets), n, q.detach()};
  }
  auto out = losses::info_nce_from_similarities(positive, negative, options_.temperature);  // logits N×(1+K)
  return {out.loss, losses::count_correct(out.logits.detach(), targets), n, q.detach()};
}

double MemoryBank::chance_loss(std::int64_t batch) const {
  return options_.loss == BankLoss::nce ? losses::nce_chance_loss(options_.negatives) : Method::chance_loss(batch);
}

double MemoryBank::nce_z() const { return z_buffer_.defined() ? z_buffer_.item<double>() : 0.0; }

at::Generator& MemoryBank::sampling_generator() {
  const auto device = bank_->rows().device();
  if (sample_gen_.device() != device) sample_gen_ = core::make_generator(seed_, kSamplingStream, device);
  return sample_gen_;
}

void MemoryBank::after_optimizer_step() {
  if (pending_index_.defined()) bank_->update(pending_index_, pending_features_, options_.memory_momentum);
  pending_index_ = pending_features_ = torch::Tensor();
}

std::int64_t MemoryBank::negatives_store_bytes() const {
  return bank_->rows().numel() * static_cast<std::int64_t>(bank_->rows().element_size());
}

}  // namespace contra::methods

#include "contra/methods/moco.h"

#include <torch/torch.h>

#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/dist/batch_shard.h"
#include "contra/losses/info_nce.h"
#include "contra/methods/momentum.h"
#include "contra/methods/shuffle_bn.h"

namespace contra::methods {

KeyQueueImpl::KeyQueueImpl(std::int64_t dim, std::int64_t size, at::Generator& gen) {
  CONTRA_CHECK(dim >= 1 && size >= 1, "queue: dimension {} and size K = {} must be >= 1", dim, size);
  auto init = torch::randn({dim, size}, gen, torch::kFloat32);
  queue_ = register_buffer(
      "queue", torch::nn::functional::normalize(init, torch::nn::functional::NormalizeFuncOptions().dim(0)));
  ptr_buffer_ = register_buffer("ptr", torch::zeros({1}, torch::kInt64));
}

void KeyQueueImpl::enqueue(const torch::Tensor& keys) {
  torch::NoGradGuard no_grad;
  const std::int64_t capacity = size();
  CONTRA_ASSERT(keys.dim() == 2 && keys.size(1) == queue_.size(0), "enqueue: keys must be N×D");
  auto k = keys.detach().to(queue_.device(), queue_.scalar_type());
  std::int64_t n = k.size(0);
  if (n > capacity) {  // keep the newest K, where writing all N one by one would leave them
    ptr_ = (ptr_ + n - capacity) % capacity;
    k = k.slice(0, n - capacity, n);
    n = capacity;
  }
  const std::int64_t first = std::min(n, capacity - ptr_);
  queue_.slice(1, ptr_, ptr_ + first).copy_(k.slice(0, 0, first).t());           // D×first
  if (n > first) queue_.slice(1, 0, n - first).copy_(k.slice(0, first, n).t());  // wrapped part, D×(n−first)
  ptr_ = (ptr_ + n) % capacity;
  ptr_buffer_.fill_(ptr_);
}

void KeyQueueImpl::sync_pointer() { ptr_ = ptr_buffer_.item<std::int64_t>(); }

void Moco::validate(const MocoOptions& o, const config::Checks& c) {
  c.at_least("method.queue", o.queue, 1);
  c.unit("method.momentum", o.momentum, "m");
  check_temperature(o.temperature, c);
}

void Moco::check_against_data(const MocoOptions& o, std::int64_t train_images, const config::Checks& c) {
  CONTRA_CHECK(o.queue < train_images || o.allow_own_keys,
               "{}method.queue = {} is not smaller than the {} training images: the queue would hold keys of each "
               "query's own image as negatives; lower method.queue (or raise data.train_subset), or set "
               "method.allow_own_keys = true to allow it",
               c.prefix("method.queue"), o.queue, train_images);
}

std::string Moco::describe(const DistinctValues& v) {
  return fmt::format("moco with queue K = {}, m = {}, shuffle BN {}", v("method.queue"), v("method.momentum"),
                     v("method.shuffle_bn"));
}

Moco::Moco(const config::ModelOptions& model, const MocoOptions& options, const DataShape& data, std::uint64_t seed)
    : options_(options), shuffle_gen_(core::make_generator(seed, 3)) {
  validate(options, config::Checks());
  encoder_q_ = register_module("encoder_q", models::Encoder(model, data.in_channels));
  encoder_k_ = register_module("encoder_k", models::Encoder(model, data.in_channels));
  models::copy_weights(*encoder_q_, *encoder_k_);  // θk starts as a copy of θq
  for (auto& p : encoder_k_->parameters()) p.set_requires_grad(false);
  auto queue_gen = core::make_generator(seed, 2);
  queue_ = register_module("queue", KeyQueue(model.dim, options.queue, queue_gen));
}

torch::Tensor Moco::encode_keys(const torch::Tensor& x, const torch::Tensor& all) {
  torch::NoGradGuard no_grad;
  if (options_.shuffle_bn) return shuffled_forward(encoder_k_, x, all, shuffle_gen_, world());  // N×D, global batch
  return dist::gather(encoder_k_->forward(x), world());                                    // N×D, global batch
}

StepOutput Moco::contrast(const torch::Tensor& q, const torch::Tensor& k) {
  auto out = losses::info_nce(q, k, queue_->keys(), options_.temperature);  // logits: N×(1+K)
  const auto targets = torch::zeros({q.size(0)}, torch::TensorOptions().dtype(torch::kInt64).device(q.device()));
  return {out.loss, losses::count_correct(out.logits.detach(), targets), q.size(0), q.detach()};
}

StepOutput Moco::forward_step(const Batch& batch) {
  const auto& view_q = batch.view_q;
  const auto& view_k = batch.view_k;
  encoder_k_->train();
  if (!options_.symmetric) {
    const auto q = encoder_q_->forward(view_q);  // n×D, this rank's queries
    const auto k = encode_keys(view_k, batch.all_k);  // N×D, the global batch's keys
    pending_keys_ = k;                           // every rank enqueues the same N keys
    return contrast(q, dist::shard(k, world()));
  }
  // Symmetrised loss (MoCo CIFAR demo): each view is once the query and once the key.
  const auto q1 = encoder_q_->forward(view_q), q2 = encoder_q_->forward(view_k);
  const auto k1 = encode_keys(view_q, batch.all_q), k2 = encode_keys(view_k, batch.all_k);
  auto a = contrast(q1, dist::shard(k2, world()));
  auto b = contrast(q2, dist::shard(k1, world()));
  pending_keys_ = torch::cat({k1, k2}, 0);
  return {0.5 * (a.loss + b.loss), a.correct + b.correct, a.queries + b.queries,
          torch::cat({a.embeddings, b.embeddings}, 0)};
}

void Moco::after_optimizer_step() {
  momentum_update(*encoder_q_, *encoder_k_, options_.momentum);
  if (pending_keys_.defined()) queue_->enqueue(pending_keys_);
  pending_keys_ = torch::Tensor();
}

std::int64_t Moco::negatives_store_bytes() const {
  return queue_->keys().numel() * static_cast<std::int64_t>(queue_->keys().element_size());
}

}  // namespace contra::methods

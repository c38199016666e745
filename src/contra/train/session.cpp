#include "contra/train/session.h"

#include <variant>

#include "contra/config/load.h"
#include "contra/core/seed.h"
#include "contra/data/batches.h"

namespace contra::train {

namespace {

/// The train split's images, then the unlabeled ones, in one tensor on `device`; data.unlabeled
/// becomes a view of it, so the unlabeled images are held once.
torch::Tensor with_unlabeled(data::Dataset& data, const torch::Device& device) {
  auto all = torch::cat({data.train.images, data.unlabeled}).to(device);
  data.unlabeled = all.slice(0, data.train.size());
  return all;
}

torch::optim::SGD make_optimizer(methods::Method& method, const config::OptimOptions& o) {
  return torch::optim::SGD(method.trainable_parameters(),
                           torch::optim::SGDOptions(o.lr).momentum(o.sgd_momentum).weight_decay(o.weight_decay));
}

/// What the run evaluates on (eval.split): the test split, or data.validation's held-out images.
const data::Split& evaluation_split(const config::Experiment& exp, const data::Dataset& data) {
  return exp.eval.split == "validation" ? data.validation : data.test;
}

at::Generator stream(const config::Experiment& exp, std::uint64_t index) {
  return core::make_generator(static_cast<std::uint64_t>(exp.run.seed), index);
}

/// "moco method.momentum=0.99 seed=0": the method, the sweep axes with their config values, the seed.
std::string progress_label(Session& s) {
  const std::string axes = config::to_text(config::axis_values(s.exp, s.ctx.axes));
  return fmt::format("{} {}{}seed={}", s.exp.method.name, axes, axes.empty() ? "" : " ", s.exp.run.seed);
}

}  // namespace

Session::Session(const config::Experiment& experiment, const RunContext& context, std::string id,
                 torch::Device run_device, std::shared_ptr<const dist::World> ranks, Prepared prepared)
    : exp(experiment),
      ctx(context),
      run_id(std::move(id)),
      device(run_device),
      world(std::move(ranks)),
      data(std::move(prepared.data)),
      train_images(data.train.images.to(device)),
      train_labels(data.train.labels.to(device)),
      test_images(evaluation_split(exp, data).images.to(device)),
      test_labels(evaluation_split(exp, data).labels.to(device)),
      pretrain_images(data.unlabeled.defined() ? with_unlabeled(data, device) : train_images),
      pretrain_labels(data.unlabeled.defined() ? torch::Tensor() : train_labels),
      method(std::move(prepared.method)),
      precision(prepared.precision),
      precision_rule(std::move(prepared.precision_rule)),
      algorithms(prepared.algorithms),
      scaler(precision == core::Precision::fp16 ? std::make_shared<LossScaler>(device) : nullptr),
      augment(exp.augment, data.mean, data.std, device),
      recorder(ctx.out_dir, run_id, world->main()),
      evaluator(exp, augment, train_images, train_labels, test_images, test_labels, data.num_classes, *world),
      steps_per_epoch(data::batches_per_epoch(data.pretrain_size(), exp.optim.batch, exp.data.drop_last)),
      optimizer(make_optimizer(*method, exp.optim)),
      data_gen(stream(exp, 0)),
      augment_gen(stream(exp, 1)),
      epoch_start_gen(stream(exp, 0)),
      state{*method, optimizer, {{"data_order", epoch_start_gen}, {"augment", augment_gen}}, scaler.get()},
      checkpoint(checkpoint_path(ctx.out_dir, run_id)) {}

Loop::Loop(Session& s, const LoopPosition& position)
    : speaks(!s.ctx.quiet && s.world->main()),
      pos(position),
      progress(progress_label(s), s.steps_per_epoch * s.exp.optim.epochs, s.ctx.log_every, speaks ? stderr : nullptr) {
  fail.chance_loss = s.method->chance_loss(s.exp.optim.batch);
  fail.last_epoch_loss = kNaN;
  fail.embedding_std = 1.0;
  fail.dim = s.method->embedding_dim();
  result.run_id = s.run_id;
  result.status = "complete";
  result.knn_top1 = kNaN;
  result.knn_top1_random_init = kNaN;
}

void Loop::begin_attempt() {
  attempt_start = Clock::now();
  elapsed_before = pos.elapsed_seconds;
}

}  // namespace contra::train

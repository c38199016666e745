#include "contra/train/trainer.h"

#include <torch/torch.h>

#include <chrono>
#include <cmath>
#include <limits>

#include "contra/augment/two_view.h"
#include "contra/config/load.h"
#include "contra/core/device.h"
#include "contra/core/error.h"
#include "contra/core/memory.h"
#include "contra/core/progress.h"
#include "contra/core/provenance.h"
#include "contra/core/seed.h"
#include "contra/core/threads.h"
#include "contra/data/batches.h"
#include "contra/data/dataset.h"
#include "contra/eval/knn.h"
#include "contra/methods/registry.h"
#include "contra/train/failure.h"
#include "contra/train/recorder.h"
#include "contra/train/schedule.h"

namespace contra::train {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Everything a run holds while it trains.
struct Session {
  const config::Experiment& exp;
  const RunContext& ctx;
  torch::Device device;
  data::Dataset data;
  torch::Tensor train_images, train_labels, test_images, test_labels;  // on the device
  std::shared_ptr<methods::Method> method;
  std::unique_ptr<augment::TwoViewAugment> augment;
  Recorder recorder;

  double knn() {
    const auto pre = [this](const torch::Tensor& x) { return augment->normalize(x); };
    auto enc = method->query_encoder();
    const auto bank = eval::extract_features(enc, train_images, pre, exp.eval.batch);
    const auto test = eval::extract_features(enc, test_images, pre, exp.eval.batch);
    if (!torch::isfinite(bank).all().item<bool>() || !torch::isfinite(test).all().item<bool>()) return kNaN;
    return eval::knn_top1(bank, train_labels, test, test_labels, data.num_classes, exp.eval.knn_k, exp.eval.knn_t);
  }
};

void set_lr(torch::optim::SGD& opt, double lr) {
  for (auto& group : opt.param_groups()) static_cast<torch::optim::SGDOptions&>(group.options()).lr(lr);
}

void record_provenance(Session& s, const std::string& run_id) {
  auto& r = s.recorder;
  r.attribute("config", config::to_toml(s.exp));
  r.attribute("config_hash", run_id);
  r.attribute("config_source", s.exp.source);
  r.attribute("seed", s.exp.run.seed);
  r.attribute("method", s.exp.method.name);
  r.attribute("dataset", s.exp.data.dataset);
  r.attribute("sweep", s.ctx.sweep);
  r.attribute("preset", s.ctx.preset);
  std::string axes;
  for (const auto& [k, v] : s.ctx.axes) {
    axes += (axes.empty() ? "" : " ") + k + "=" + v;
    const auto number = config::numeric_value(s.exp, k);
    if (number) {
      r.record().axes[k] = *number;
    } else {
      r.record().axes[k] = config::value_text(s.exp, k).value_or(v);
    }
  }
  r.attribute("axes", axes);
  r.attribute("git_sha", core::git_sha());
  r.attribute("torch_version", core::torch_version());
  r.attribute("device", s.device.str());
  r.attribute("device_name", core::device_name(s.device));
  r.attribute("threads", static_cast<std::int64_t>(torch::get_num_threads()));
  r.attribute("blas", core::blas_backend());
  r.attribute("host", core::host_name());
  r.attribute("started_at", core::utc_now_iso8601());
  r.attribute("train_images", s.data.train.size());
  r.attribute("test_images", s.data.test.size());
  r.attribute("last_batch", s.exp.data.drop_last ? std::string("dropped: every step has optim.batch images")
                                                 : "kept: " + s.method->last_batch_note());
}

}  // namespace

RunResult run_experiment(const config::Experiment& exp, const RunContext& ctx) {
  core::set_threads(ctx.threads);
  const std::string run_id = config::config_hash(exp);
  const torch::Device device = core::resolve_device(exp.run.device, exp.where("run.device"));
  // Data first: a missing or corrupt dataset stops the run before anything is written.
  data::Dataset dataset = data::load_dataset(exp.data, exp.where("data.root"));
  if (!ctx.quiet && !core::has_optimised_blas()) fmt::print(stderr, "contra: warning: {}\n", core::blas_advice());
  core::seed_everything(static_cast<std::uint64_t>(exp.run.seed));
  auto method = methods::make_method(exp, {dataset.train.images.size(1), dataset.train.size()});
  method->to(device);
  const auto n_train = dataset.train.size();
  CONTRA_CHECK(exp.data.drop_last || n_train % exp.optim.batch != 1,
               "{}: data.drop_last = false leaves a last batch of 1 image ({} images, optim.batch = {}): batch "
               "normalisation needs 2; set data.drop_last = true or change data.train_subset",
               exp.where("data.drop_last"), n_train, exp.optim.batch);
  std::error_code dir_error;
  std::filesystem::create_directories(ctx.out_dir, dir_error);
  CONTRA_CHECK(!dir_error, "--out {}: cannot create the folder: {}", ctx.out_dir.string(), dir_error.message());
  core::reset_peak_device_bytes(device);

  Session s{exp, ctx, device, std::move(dataset), {}, {}, {}, {}, method, nullptr, Recorder(ctx.out_dir, run_id)};
  s.augment = std::make_unique<augment::TwoViewAugment>(exp.augment, s.data.mean, s.data.std);
  s.train_images = s.data.train.images.to(device);
  s.train_labels = s.data.train.labels.to(device);
  s.test_images = s.data.test.images.to(device);
  s.test_labels = s.data.test.labels.to(device);
  record_provenance(s, run_id);
  auto& rec = s.recorder;

  const auto& o = exp.optim;
  const std::int64_t n = s.data.train.size();
  const std::int64_t steps_per_epoch = data::batches_per_epoch(n, o.batch, exp.data.drop_last);
  CONTRA_CHECK(steps_per_epoch >= 1, "{}: data.train_subset = {} gives no batch of optim.batch = {}",
               exp.where("data.train_subset"), n, o.batch);
  const std::int64_t total_steps = steps_per_epoch * o.epochs;
  const auto h = s.data.train.images.size(2), w = s.data.train.images.size(3);
  const std::int64_t flops_forward = method->query_encoder()->forward_flops(h, w);
  const std::int64_t negatives = method->negatives(o.batch);
  const std::int64_t dim = exp.model.dim;
  rec.summary("flops_forward_per_image", flops_forward);
  // Training FLOPs per step: an encoder pass with gradients costs 3× its forward (backward ≈ 2×),
  // one without costs 1×; the logits cost 2·D per query–key pair, forward and backward (3×).
  rec.summary("train_flops_per_step",
              o.batch * flops_forward * (3 * method->forwards_with_grad() + method->forwards_without_grad()) +
                  3 * 2 * dim * method->logit_pairs(o.batch));
  rec.summary("negatives", negatives);
  rec.summary("K", method->dictionary_size(o.batch));
  rec.summary("lr_scaled", scaled_lr(o));
  rec.summary("negatives_store_bytes", method->negatives_store_bytes());
  rec.summary("steps_per_epoch", steps_per_epoch);

  RunResult result{run_id, "complete", "", {}, kNaN, kNaN, 0};
  const auto& axes = std::get<std::string>(rec.record().attributes["axes"]);
  core::ProgressLine progress(fmt::format("{} {}{}seed={}", exp.method.name, axes, axes.empty() ? "" : " ", exp.run.seed),
                              total_steps, ctx.log_every, ctx.quiet ? nullptr : stderr);
  try {
    const auto eval_start = Clock::now();
    if (exp.eval.knn_random_init) {
      result.knn_top1_random_init = s.knn();
      if (!ctx.quiet) progress.note(fmt::format("kNN top-1 of the random-init encoder: {:.2f}%", result.knn_top1_random_init));
    }
    double eval_seconds = seconds_since(eval_start);
    rec.summary("knn_top1_random_init", result.knn_top1_random_init);
    rec.save_partial();

    torch::optim::SGD optimizer(method->trainable_parameters(),
                                torch::optim::SGDOptions(o.lr).momentum(o.sgd_momentum).weight_decay(o.weight_decay));
    auto data_gen = core::make_generator(static_cast<std::uint64_t>(exp.run.seed), 0);
    auto augment_gen = core::make_generator(static_cast<std::uint64_t>(exp.run.seed), 1);
    method->train();
    FailInputs fail{false, 0, kNaN, negatives, 1.0, dim};
    double train_seconds = 0;
    std::int64_t step = 0, images_seen = 0;
    const auto run_start = Clock::now();
    for (std::int64_t epoch = 1; epoch <= o.epochs && !fail.loss_non_finite; ++epoch) {
      double loss_sum = 0, correct = 0, queries = 0, std_sum = 0;
      std::int64_t batches = 0;
      const auto epoch_start = Clock::now();
      for (const auto& index : data::epoch_batches(n, o.batch, exp.data.drop_last, data_gen)) {
        const auto step_start = Clock::now();
        const auto idx = index.to(device);
        const auto images = s.train_images.index_select(0, idx);
        const auto view_q = s.augment->view(images, augment_gen);
        const auto view_k = method->views() == 2 ? s.augment->view(images, augment_gen) : torch::Tensor();
        const double lr = learning_rate(o, step, steps_per_epoch);
        set_lr(optimizer, lr);
        auto out = method->forward_step(view_q, view_k, idx);
        optimizer.zero_grad();
        out.loss.backward();
        optimizer.step();
        method->after_optimizer_step();
        const double loss = out.loss.item<double>();
        ++step;
        const double dt = seconds_since(step_start);
        train_seconds += dt;
        images_seen += index.size(0);
        if (!std::isfinite(loss)) {
          fail.loss_non_finite = true;
          fail.non_finite_step = step;
        }
        loss_sum += loss;
        correct += out.correct.item<double>();
        queries += static_cast<double>(out.queries);
        std_sum += out.embeddings.std(0).mean().item<double>();
        ++batches;
        rec.step("step", step);
        rec.step("epoch", epoch);
        rec.step("loss", loss);
        rec.step("lr", lr);
        rec.step("images_per_s", static_cast<double>(index.size(0)) / dt);
        progress.update(step, epoch, o.epochs, loss, static_cast<double>(images_seen) / train_seconds);
        if (fail.loss_non_finite) break;
      }
      const double epoch_seconds = seconds_since(epoch_start);
      fail.last_epoch_loss = loss_sum / static_cast<double>(batches);
      fail.embedding_std = std_sum / static_cast<double>(batches);
      double knn = kNaN;
      const bool last = epoch == o.epochs || fail.loss_non_finite;
      if (last || (exp.eval.knn_every > 0 && epoch % exp.eval.knn_every == 0)) {
        const auto t = Clock::now();
        knn = s.knn();
        eval_seconds += seconds_since(t);
        if (!ctx.quiet) progress.note(fmt::format("epoch {} kNN top-1 {:.2f}%", epoch, knn));
      }
      rec.epoch("epoch", epoch);
      rec.epoch("loss", fail.last_epoch_loss);
      rec.epoch("pretext_acc", 100.0 * correct / queries);
      rec.epoch("knn_top1", knn);
      rec.epoch("embedding_std", fail.embedding_std);
      rec.epoch("epoch_seconds", epoch_seconds);
      rec.epoch("elapsed_s", seconds_since(run_start));
      rec.epoch("peak_memory_bytes", core::peak_memory_bytes(device));
      if (last) result.knn_top1 = knn;
      rec.save_partial();
    }
    progress.finish();
    if (auto reason = fail_reason(fail)) {
      result.status = "fail";
      result.reason = *reason;
    }
    result.train_seconds = train_seconds;
    rec.summary("knn_top1", result.knn_top1);
    rec.summary("final_loss", fail.last_epoch_loss);
    rec.summary("chance_loss", chance_loss(negatives));
    rec.summary("embedding_std", fail.embedding_std);
    rec.summary("train_seconds", train_seconds);
    rec.summary("eval_seconds", eval_seconds);
    rec.summary("seconds_per_step", train_seconds / static_cast<double>(std::max<std::int64_t>(step, 1)));
    rec.summary("images_per_s", static_cast<double>(images_seen) / train_seconds);
    rec.summary("steps", step);
    rec.summary("peak_memory_bytes", core::peak_memory_bytes(device));
    rec.summary("peak_rss_bytes", core::peak_rss_bytes());
    result.file = rec.finish(result.status, result.reason);
  } catch (const std::exception& e) {
    progress.finish();
    const std::string what = e.what();
    const std::string reason = what.substr(0, what.find('\n'));
    rec.finish("error", reason);
    core::fail("run {} stopped with an error (recorded as status=error): {}", run_id, reason);
  }
  return result;
}

}  // namespace contra::train

#include "contra/train/trainer.h"

#include <torch/torch.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <limits>
#include <memory>
#include <optional>
#include <variant>

#include "contra/augment/two_view.h"
#include "contra/config/load.h"
#include "contra/core/device.h"
#include "contra/core/error.h"
#include "contra/core/files.h"
#include "contra/core/memory.h"
#include "contra/core/progress.h"
#include "contra/core/provenance.h"
#include "contra/core/seed.h"
#include "contra/core/stop_signal.h"
#include "contra/core/threads.h"
#include "contra/data/batches.h"
#include "contra/data/dataset.h"
#include "contra/methods/registry.h"
#include "contra/models/split_chunks.h"
#include "contra/store/run_lock.h"
#include "contra/train/checkpoint.h"
#include "contra/train/evaluation.h"
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
  std::unique_ptr<Evaluator> evaluator;  // over the tensors above
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

namespace {

/// Appends this attempt's start to the record: attempts counts every start of the run, resumed_from
/// lists the epochs that resumed attempts continued from.
void record_attempt(Recorder& rec, std::optional<std::int64_t> resumed_from) {
  auto& attrs = rec.record().attributes;
  const auto it = attrs.find("attempts");
  const std::int64_t attempts = it != attrs.end() && std::holds_alternative<std::int64_t>(it->second)
                                    ? std::get<std::int64_t>(it->second) + 1
                                    : 1;
  rec.attribute("attempts", attempts);
  if (resumed_from) {
    const auto prev = attrs.find("resumed_from_epochs");
    const std::string before = prev != attrs.end() ? store::to_text(prev->second) : std::string();
    rec.attribute("resumed_from_epochs", before + (before.empty() ? "" : " ") + std::to_string(*resumed_from));
    rec.attribute("resumed_at", core::utc_now_iso8601());
  }
}

/// Another process's record of this run, when it is final and not an error (a sweep's children
/// skip those; errors are trained again).
std::optional<std::string> finished_status(const std::filesystem::path& dir, const std::string& run_id) {
  const auto file = store::final_path(dir, run_id);
  if (!std::filesystem::exists(file)) return std::nullopt;
  try {
    const auto status = store::get_string(store::read_run(file).attributes, "status", file.string());
    if (status == "complete" || status == "fail") return status;
  } catch (const core::ContraError&) {
    // unreadable: train it again; the new record replaces it
  }
  return std::nullopt;
}

/// Leaves the run after a stop signal: the checkpoint (unless the epoch-end one was just written)
/// and a partial record marked interrupted; the result says how to continue.
RunResult stop_here(Recorder& rec, TrainState& state, const LoopPosition& pos, const std::filesystem::path& ckpt,
                    RunResult result, core::ProgressLine& progress) {
  progress.finish();
  if (pos.batches_done > 0) save_checkpoint(ckpt, state, pos, rec.record());
  const int sig = core::stop_signal();
  core::remove_stop_handlers();
  result.status = "interrupted";
  result.reason =
      fmt::format("stopped by {} after step {} (epoch {} done, {} batches into the next); it resumes from {}",
                  core::signal_name(sig), pos.step, pos.epochs_done, pos.batches_done, ckpt.string());
  rec.attribute("status", std::string("interrupted"));
  rec.attribute("reason", result.reason);
  rec.save_partial();
  result.train_seconds = pos.train_seconds;
  result.file = store::partial_path(ckpt.parent_path(), result.run_id);
  return result;
}

}  // namespace

RunResult run_experiment(const config::Experiment& exp, const RunContext& ctx) {
  core::set_threads(ctx.threads);
  const std::string run_id = config::config_hash(exp);
  const torch::Device device = core::resolve_device(exp.run.device, exp.where("run.device"));
  // Data first: a missing or corrupt dataset stops the run before anything is written.
  data::Dataset dataset = data::load_dataset(exp.data, exp.where("data.root"));
  methods::check_against_data(exp, dataset.train.size());
  if (!ctx.quiet && !core::has_optimised_blas()) fmt::print(stderr, "contra: warning: {}\n", core::blas_advice());
  core::seed_everything(static_cast<std::uint64_t>(exp.run.seed));
  auto method = methods::make_method(exp, {dataset.train.images.size(1), dataset.train.size(), dataset.num_classes});
  method->to(device);
  const auto n_train = dataset.train.size();
  CONTRA_CHECK(exp.data.drop_last || n_train % exp.optim.batch != 1,
               "{}: data.drop_last = false leaves a last batch of 1 image ({} images, optim.batch = {}): batch "
               "normalisation needs 2; set data.drop_last = true or change data.train_subset",
               exp.where("data.drop_last"), n_train, exp.optim.batch);
  core::ensure_directory(ctx.out_dir, "run records (--out)");
  // One process trains a run at a time; the lock goes with this process, however it ends.
  auto lock = store::RunLock::try_acquire(ctx.out_dir, run_id);
  if (!lock) {
    const std::string holder = store::lock_holder(ctx.out_dir, run_id);
    throw RunBusy(fmt::format("run {} is being trained by another process ({}{}); not started twice", run_id,
                              store::lock_path(ctx.out_dir, run_id).string(), holder.empty() ? "" : ": " + holder));
  }
  if (ctx.skip_finished) {
    if (const auto status = finished_status(ctx.out_dir, run_id)) {
      RunResult done{run_id,
                     "recorded",
                     "another process recorded it (" + *status + ")",
                     store::final_path(ctx.out_dir, run_id),
                     kNaN,
                     kNaN,
                     0};
      return done;
    }
  }
  const auto ckpt = checkpoint_path(ctx.out_dir, run_id);
  if (ctx.fresh) remove_checkpoint(ckpt);
  core::reset_peak_device_bytes(device);

  Session s{exp,    ctx, device, std::move(dataset), {}, {}, {}, {}, method, nullptr, Recorder(ctx.out_dir, run_id),
            nullptr};
  s.augment = std::make_unique<augment::TwoViewAugment>(exp.augment, s.data.mean, s.data.std);
  s.train_images = s.data.train.images.to(device);
  s.train_labels = s.data.train.labels.to(device);
  s.test_images = s.data.test.images.to(device);
  s.test_labels = s.data.test.labels.to(device);
  s.evaluator = std::make_unique<Evaluator>(exp, *s.augment, s.train_images, s.train_labels, s.test_images,
                                            s.test_labels, s.data.num_classes);
  auto& rec = s.recorder;

  const auto& o = exp.optim;
  const std::int64_t n = s.data.train.size();
  const std::int64_t steps_per_epoch = data::batches_per_epoch(n, o.batch, exp.data.drop_last);
  CONTRA_CHECK(steps_per_epoch >= 1, "{}: data.train_subset = {} gives no batch of optim.batch = {}",
               exp.where("data.train_subset"), n, o.batch);
  const std::int64_t total_steps = steps_per_epoch * o.epochs;
  const std::int64_t negatives = method->negatives(o.batch);

  torch::optim::SGD optimizer(method->trainable_parameters(),
                              torch::optim::SGDOptions(o.lr).momentum(o.sgd_momentum).weight_decay(o.weight_decay));
  auto data_gen = core::make_generator(static_cast<std::uint64_t>(exp.run.seed), 0);
  auto augment_gen = core::make_generator(static_cast<std::uint64_t>(exp.run.seed), 1);
  // data_gen's state at the current epoch's start: the same stream, so equal to it before epoch 1.
  auto epoch_start_gen = core::make_generator(static_cast<std::uint64_t>(exp.run.seed), 0);
  TrainState state{*method, optimizer, {{"data_order", epoch_start_gen}, {"augment", augment_gen}}};
  LoopPosition pos;
  std::optional<Restored> restored;
  try {
    restored = load_checkpoint(ckpt, state, device);
  } catch (const core::ContraError& e) {
    // Set aside, not deleted: the next attempt starts the run over, and the file stays for a look.
    std::error_code ec;
    std::filesystem::rename(ckpt, std::filesystem::path(ckpt.string() + ".damaged"), ec);
    core::fail("{} (set aside as {}.damaged: the next attempt starts the run over)", e.what(),
               ckpt.filename().string());
  }
  // The split chunk budget depends on the machine's cache (models/split_chunks.h): the run holds
  // one value throughout, and a resumed run keeps the one it started with, so a requeue onto
  // another kind of node continues bit for bit (a checkpoint that predates the attribute gets this
  // machine's, recorded from now on).
  std::int64_t budget = models::split_chunk_budget();
  if (restored) {
    rec.record() = restored->record;
    pos = restored->position;
    data_gen.set_state(epoch_start_gen.get_state());
    const auto recorded = rec.record().attributes.find("split_chunk_budget_bytes");
    if (recorded != rec.record().attributes.end() && std::holds_alternative<std::int64_t>(recorded->second))
      budget = std::get<std::int64_t>(recorded->second);
  } else {
    record_provenance(s, run_id);
    const auto h = s.data.train.images.size(2), w = s.data.train.images.size(3);
    const std::int64_t flops_forward = method->query_encoder()->forward_flops(h, w);
    rec.summary("flops_forward_per_image", flops_forward);
    rec.summary("train_flops_per_step", method->train_flops_per_step(o.batch, h, w));
    rec.summary("negatives", negatives);
    rec.summary("K", method->dictionary_size(o.batch));
    rec.summary("lr_scaled", scaled_lr(o));
    rec.summary("negatives_store_bytes", method->negatives_store_bytes());
    rec.summary("steps_per_epoch", steps_per_epoch);
  }
  rec.attribute("split_chunk_budget_bytes", budget);
  const models::SplitChunkBudgetScope chunk_budget(budget);
  record_attempt(rec, restored ? std::optional<std::int64_t>(pos.epochs_done) : std::nullopt);

  RunResult result{run_id, "complete", "", {}, kNaN, kNaN, 0};
  const auto& axes = std::get<std::string>(rec.record().attributes["axes"]);
  core::ProgressLine progress(
      fmt::format("{} {}{}seed={}", exp.method.name, axes, axes.empty() ? "" : " ", exp.run.seed), total_steps,
      ctx.log_every, ctx.quiet ? nullptr : stderr);
  try {
    if (restored) {
      result.knn_top1_random_init = std::get<double>(rec.record().summary.at("knn_top1_random_init"));
      if (!ctx.quiet)
        progress.note(fmt::format("resuming from the checkpoint after epoch {} (step {}) in {}", pos.epochs_done,
                                  pos.step, ckpt.string()));
    } else {
      const auto eval_start = Clock::now();
      if (exp.eval.knn_random_init) {
        result.knn_top1_random_init = s.evaluator->knn(method->query_encoder());
        if (!ctx.quiet)
          progress.note(fmt::format("kNN top-1 of the random-init encoder: {:.2f}%", result.knn_top1_random_init));
      }
      pos.eval_seconds = seconds_since(eval_start);
      rec.summary("knn_top1_random_init", result.knn_top1_random_init);
    }
    rec.save_partial();

    method->train();
    FailInputs fail{false, 0, kNaN, method->chance_loss(o.batch), 1.0, method->embedding_dim()};
    const auto attempt_start = Clock::now();
    const double elapsed_before = pos.elapsed_seconds;
    core::install_stop_handlers();
    for (std::int64_t epoch = pos.epochs_done + 1; epoch <= o.epochs && !fail.loss_non_finite; ++epoch) {
      // The epoch's batch order comes from the data stream as it stands at the epoch's start
      // (epoch_start_gen holds that state; a resumed run rewound data_gen to it above), and a run
      // resumed inside an epoch skips the batches already trained.
      const auto batches = data::epoch_batches(n, o.batch, exp.data.drop_last, data_gen);
      auto epoch_start =
          Clock::now() - std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(pos.epoch_seconds));
      for (auto b = static_cast<std::size_t>(pos.batches_done); b < batches.size(); ++b) {
        const auto& index = batches[b];
        const auto step_start = Clock::now();
        const auto idx = index.to(device);
        const auto images = s.train_images.index_select(0, idx);
        const auto view_q = s.augment->view(images, augment_gen);
        const auto view_k = method->views() == 2 ? s.augment->view(images, augment_gen) : torch::Tensor();
        const double lr = learning_rate(o, pos.step, steps_per_epoch);
        set_lr(optimizer, lr);
        auto out = method->forward_step({view_q, view_k, idx, s.train_labels.index_select(0, idx)});
        optimizer.zero_grad();
        out.loss.backward();
        optimizer.step();
        method->after_optimizer_step();
        const double loss = out.loss.item<double>();
        ++pos.step;
        ++pos.batches_done;
        const double dt = seconds_since(step_start);
        pos.train_seconds += dt;
        pos.images_seen += index.size(0);
        if (!std::isfinite(loss)) {
          fail.loss_non_finite = true;
          fail.non_finite_step = pos.step;
        }
        pos.loss_sum += loss;
        pos.correct += out.correct.item<double>();
        pos.queries += static_cast<double>(out.queries);
        pos.std_sum += out.embeddings.std(0).mean().item<double>();
        rec.step("step", pos.step);
        rec.step("epoch", epoch);
        rec.step("loss", loss);
        rec.step("lr", lr);
        rec.step("images_per_s", static_cast<double>(index.size(0)) / dt);
        progress.update(pos.step, epoch, o.epochs, loss, static_cast<double>(pos.images_seen) / pos.train_seconds);
        if (ctx.kill_after_steps > 0 && pos.step == ctx.kill_after_steps) std::raise(SIGKILL);  // testing aid
        if (ctx.stop_after_steps > 0 && pos.step == ctx.stop_after_steps) std::raise(SIGTERM);  // testing aid
        if (fail.loss_non_finite) break;
        if (core::stop_requested() && b + 1 < batches.size()) {
          // Asked to stop (SLURM's warning before a time limit or preemption, a Ctrl-C): save the
          // run inside the epoch and leave; the next attempt continues from this step.
          pos.epoch_seconds = seconds_since(epoch_start);
          pos.elapsed_seconds = elapsed_before + seconds_since(attempt_start);
          return stop_here(rec, state, pos, ckpt, result, progress);
        }
      }
      const double epoch_seconds = seconds_since(epoch_start);
      const auto batches_done = static_cast<double>(pos.batches_done);
      fail.last_epoch_loss = pos.loss_sum / batches_done;
      fail.embedding_std = pos.std_sum / batches_done;
      EvalScores scores;
      const bool last = epoch == o.epochs || fail.loss_non_finite;
      if (last || (exp.eval.knn_every > 0 && epoch % exp.eval.knn_every == 0)) {
        const auto t = Clock::now();
        scores = s.evaluator->evaluate(method->query_encoder(), last);  // the linear probe at the end
        pos.eval_seconds += seconds_since(t);
        if (!ctx.quiet) progress.note(fmt::format("epoch {} kNN top-1 {:.2f}%", epoch, scores.knn_top1));
      }
      const double knn = scores.knn_top1;
      rec.epoch("epoch", epoch);
      rec.epoch("loss", fail.last_epoch_loss);
      rec.epoch("pretext_acc", 100.0 * pos.correct / pos.queries);
      rec.epoch("knn_top1", knn);
      rec.epoch("align", scores.align);
      rec.epoch("uniform", scores.uniform);
      rec.epoch("embedding_std", fail.embedding_std);
      rec.epoch("epoch_seconds", epoch_seconds);
      pos.epochs_done = epoch;
      pos.batches_done = 0;
      pos.loss_sum = pos.correct = pos.queries = pos.std_sum = pos.epoch_seconds = 0;
      pos.elapsed_seconds = elapsed_before + seconds_since(attempt_start);
      rec.epoch("elapsed_s", pos.elapsed_seconds);
      rec.epoch("peak_memory_bytes", core::peak_memory_bytes(device));
      if (last) {
        result.knn_top1 = knn;
        rec.attribute("linear_probe", s.evaluator->probe_protocol());
        rec.summary("linear_top1", scores.probed ? scores.linear.test_top1 : kNaN);
        rec.summary("linear_train_top1", scores.probed ? scores.linear.train_top1 : kNaN);
        rec.summary("linear_iterations", scores.linear.iterations);
      }
      epoch_start_gen.set_state(data_gen.get_state());  // the next epoch starts from here
      const auto every = exp.train.checkpoint_every;
      if (!last && (core::stop_requested() || (every > 0 && epoch % every == 0)))
        save_checkpoint(ckpt, state, pos, rec.record());
      rec.save_partial();
      if (!last && core::stop_requested()) return stop_here(rec, state, pos, ckpt, result, progress);
    }
    core::remove_stop_handlers();
    progress.finish();
    if (auto reason = fail_reason(fail)) {
      result.status = "fail";
      result.reason = *reason;
    }
    result.train_seconds = pos.train_seconds;
    rec.summary("knn_top1", result.knn_top1);
    rec.summary("final_loss", fail.last_epoch_loss);
    rec.summary("chance_loss", method->chance_loss(o.batch));
    rec.summary("embedding_std", fail.embedding_std);
    rec.summary("train_seconds", pos.train_seconds);
    rec.summary("eval_seconds", pos.eval_seconds);
    rec.summary("seconds_per_step", pos.train_seconds / static_cast<double>(std::max<std::int64_t>(pos.step, 1)));
    rec.summary("images_per_s", static_cast<double>(pos.images_seen) / pos.train_seconds);
    rec.summary("steps", pos.step);
    rec.summary("peak_memory_bytes", core::peak_memory_bytes(device));
    rec.summary("peak_rss_bytes", core::peak_rss_bytes());
    result.file = rec.finish(result.status, result.reason);
    remove_checkpoint(ckpt);
  } catch (const std::exception& e) {
    progress.finish();
    const std::string what = e.what();
    const std::string reason = what.substr(0, what.find('\n'));
    // The checkpoint stays: the next attempt (a sweep retries errors) resumes from it.
    core::remove_stop_handlers();
    rec.finish("error", reason);
    core::fail("run {} stopped with an error (recorded as status=error): {}", run_id, reason);
  }
  return result;
}

}  // namespace contra::train

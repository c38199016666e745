// The phases before training: prepare, lock, start or resume (train/run_phases.h).
#include <fmt/format.h>
#include <torch/torch.h>

#include <algorithm>
#include <variant>

#include "contra/config/claims.h"
#include "contra/config/load.h"
#include "contra/config/run_id.h"
#include "contra/core/device.h"
#include "contra/core/error.h"
#include "contra/core/precision_choice.h"
#include "contra/core/provenance.h"
#include "contra/core/seed.h"
#include "contra/data/batches.h"
#include "contra/data/registry.h"
#include "contra/dist/replicas.h"
#include "contra/methods/registry.h"
#include "contra/models/channels_last.h"
#include "contra/models/split_chunks.h"
#include "contra/store/run_record.h"
#include "contra/store/stored_config.h"
#include "contra/train/ranks.h"
#include "contra/train/resume.h"
#include "contra/train/run_phases.h"
#include "contra/train/schedule.h"

namespace contra::train {

namespace {

void record_provenance(Session& s, const std::string& run_id) {
  auto& r = s.recorder;
  r.attribute("config", config::to_toml(s.exp));
  r.attribute("config_hash", run_id);
  r.attribute(store::kRunIdVersionAttribute, static_cast<std::int64_t>(config::kRunIdVersion));
  r.attribute("config_source", s.exp.source);
  r.attribute("seed", s.exp.run.seed);
  r.attribute("method", s.exp.method.name);
  r.attribute("dataset", s.exp.data.dataset);
  // The normalisation constants the run used (per channel, in [0, 1] units): published ones, or
  // the train split's own (data/cifar.h).
  r.attribute("normalisation",
              fmt::format("mean {:.6f}, std {:.6f}", fmt::join(s.data.mean, " "), fmt::join(s.data.std, " ")));
  // An image folder's class names in label order (label i is line i + 1).
  if (!s.data.class_names.empty()) r.attribute("classes", fmt::format("{}", fmt::join(s.data.class_names, "\n")));
  r.attribute("sweep", s.ctx.sweep);
  r.attribute("preset", s.ctx.preset);
  if (!s.ctx.claims_sha.empty()) {  // pre-registration: the claims as they were when the run started
    r.attribute("claims_sha", s.ctx.claims_sha);
    r.attribute("claims_rule_version", static_cast<std::int64_t>(config::kRuleVersion));
  }
  const auto axes = config::axis_values(s.exp, s.ctx.axes);
  for (const auto& [key, value] : axes) {  // numbers as numbers, the rest as their TOML text
    if (const auto number = config::as_number(value)) {
      r.record().axes[key] = *number;
    } else {
      r.record().axes[key] = config::literal(value);
    }
  }
  r.attribute("axes", config::to_text(axes));
  r.attribute("git_sha", core::git_sha());
  r.attribute("torch_version", core::torch_version());
  r.attribute("device", s.device.str());
  r.attribute("device_name", core::device_name(s.device));
  r.attribute("threads", static_cast<std::int64_t>(torch::get_num_threads()));
  r.attribute("blas", core::blas_backend());
  r.attribute("precision", core::precision_name(s.precision));
  r.attribute("precision_rule", s.precision_rule);
  r.attribute("deterministic", static_cast<std::int64_t>(s.algorithms.deterministic));
  r.attribute("cudnn_benchmark", static_cast<std::int64_t>(s.algorithms.cudnn_benchmark));
  r.attribute("tf32", static_cast<std::int64_t>(s.algorithms.tf32));  // cuDNN's convolutions only
  r.attribute("tf32_matmul", static_cast<std::int64_t>(s.algorithms.tf32_matmul));
  r.attribute("channels_last", static_cast<std::int64_t>(s.algorithms.channels_last));
  r.attribute("memory_order_rule", s.algorithms.memory_order_rule);
  r.attribute("host", core::host_name());
  r.attribute("world_size", static_cast<std::int64_t>(s.world->size()));  // processes; not part of the run id
  r.attribute("dist_backend", s.world->backend());
  r.attribute("started_at", core::utc_now_iso8601());
  r.attribute("train_images", s.data.pretrain_size());  // what the encoder trains on
  r.attribute("unlabeled_images", s.data.unlabeled_size());
  r.attribute("test_images", s.data.test.size());
  r.attribute("validation_images", s.data.validation.images.defined() ? s.data.validation.size() : 0);
  r.attribute("eval_split", s.exp.eval.split);  // what kNN, the probe and align/uniform measured
  r.attribute("eval_images", s.test_images.size(0));
  r.attribute("last_batch", s.exp.data.drop_last ? std::string("dropped: every step has optim.batch images")
                                                 : "kept: " + s.method->last_batch_note());
}

/// The run's fixed costs and sizes, in /summary (a fresh run; a resumed one has them).
void record_costs(Session& s) {
  const auto& o = s.exp.optim;
  auto& method = *s.method;
  const auto h = s.data.train.images.size(2), w = s.data.train.images.size(3);
  s.recorder.summary("flops_forward_per_image", method.query_encoder()->forward_flops(h, w));
  s.recorder.summary("train_flops_per_step", method.train_flops_per_step(o.batch, h, w));
  s.recorder.summary("negatives", method.negatives(o.batch));
  s.recorder.summary("K", method.dictionary_size(o.batch));
  s.recorder.summary("lr_scaled", scaled_lr(o));
  s.recorder.summary("negatives_store_bytes", method.negatives_store_bytes());
  s.recorder.summary("steps_per_epoch", s.steps_per_epoch);
}

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

}  // namespace

Prepared prepare(const config::Experiment& exp, const RunContext& ctx, const torch::Device& device,
                 const std::shared_ptr<const dist::World>& world) {
  // run.precision as the rule chooses it for this device (auto: from the CPU's features or the GPU's).
  const auto choice = core::choose_precision(exp.run.precision, core::precision_target(device));
  const auto precision = choice.precision;
  core::require_precision(precision, device, exp.where("run.precision"));
  // Not progress: --quiet keeps it, so a run on the slow emulated path always says so.
  if (choice.warning && world->main()) fmt::print(stderr, "contra: warning: {}\n", *choice.warning);
  // The memory order depends on the BN groups each rank's encoders hold (core::choose_memory_order).
  const auto algorithms =
      core::configure_algorithms(device, exp.run.deterministic, exp.model.bn_splits / world->size());
  // Data next: a missing or corrupt dataset stops the run before anything is written.
  data::Dataset dataset = data::load_dataset(exp.data, exp.where("data.root"), exp.where("data.validation"));
  const auto n_train = dataset.pretrain_size();
  methods::check_against_data(exp, n_train);
  check_splits(exp, world->size());
  check_last_batch(exp, n_train, world->size());
  if (!ctx.quiet && world->main() && !core::has_optimised_blas())
    fmt::print(stderr, "contra: warning: {}\n", core::blas_advice());
  core::seed_everything(static_cast<std::uint64_t>(exp.run.seed));
  config::Experiment per_rank = exp;  // each rank's encoders hold bn_splits / W of the global batch's BN groups
  per_rank.model.bn_splits /= world->size();
  const auto& images = dataset.train.images;  // N×C×H×W
  auto method = methods::make_method(
      per_rank, {images.size(1), n_train, dataset.num_classes, images.size(2), images.size(3)});
  method->to(device);
  method->set_world(world);
  method->set_total_steps(data::batches_per_epoch(n_train, exp.optim.batch, exp.data.drop_last) * exp.optim.epochs);
  dist::broadcast_module(*method, *world);  // the replicas start equal, however each was built
  if (algorithms.channels_last) models::to_channels_last(*method);
  CONTRA_CHECK(exp.data.drop_last || n_train % exp.optim.batch != 1,
               "{}: data.drop_last = false leaves a last batch of 1 image ({} images, optim.batch = {}): batch "
               "normalisation needs 2; set data.drop_last = true or change data.train_subset",
               exp.where("data.drop_last"), n_train, exp.optim.batch);
  CONTRA_CHECK(data::batches_per_epoch(n_train, exp.optim.batch, exp.data.drop_last) >= 1,
               "{}: data.train_subset = {} leaves {} training images, no batch of optim.batch = {}",
               exp.where("data.train_subset"), exp.data.train_subset, n_train, exp.optim.batch);
  return {std::move(dataset), std::move(method), precision, choice.why, algorithms};
}

namespace {

store::RunLock lock_run(const std::filesystem::path& dir, const std::string& run_id) {
  auto lock = store::RunLock::try_acquire(dir, run_id);
  if (!lock) {
    const std::string holder = store::lock_holder(dir, run_id);
    throw RunBusy(fmt::format("run {} is being trained by another process ({}{}); not started twice", run_id,
                              store::lock_path(dir, run_id).string(), holder.empty() ? "" : ": " + holder));
  }
  return std::move(*lock);
}

std::optional<RunResult> recorded_elsewhere(const std::filesystem::path& dir, const std::string& run_id) {
  const auto file = store::final_path(dir, run_id);
  if (!std::filesystem::exists(file)) return std::nullopt;
  std::string status;
  try {
    const auto record = store::read_run(file);
    store::check_run_id(file, record);
    status = store::get_string(record.attributes, "status", file.string());
  } catch (const core::ContraError&) {
    return std::nullopt;  // unreadable, or another run's: train it again; the new record replaces it
  }
  if (status != "complete" && status != "fail") return std::nullopt;
  RunResult done;
  done.run_id = run_id;
  done.status = "recorded";
  done.reason = "another process recorded it (" + status + ")";
  done.file = file;
  done.knn_top1 = kNaN;
  done.knn_top1_random_init = kNaN;
  return done;
}

enum Verdict : std::int64_t { kTrain = 0, kBusy = 1, kRecorded = 2, kFailed = 3 };

}  // namespace

OpenedRun open_run(const RunContext& ctx, const std::string& run_id, const dist::World& world) {
  if (!world.single()) {  // ranks started by hand with other settings would train a run none of them names
    const auto ids =
        world.all_gather(torch::full({1}, static_cast<std::int64_t>(std::stoull(run_id, nullptr, 16)), torch::kInt64));
    for (int r = 0; r < world.size(); ++r)
      CONTRA_CHECK(ids[r].item<std::int64_t>() == ids[0].item<std::int64_t>(),
                   "run {}: rank {} was started with another config (run {:012x}) than rank 0 (run {:012x}); start "
                   "every rank with the same experiment and --set values",
                   run_id, r, static_cast<std::uint64_t>(ids[r].item<std::int64_t>()),
                   static_cast<std::uint64_t>(ids[0].item<std::int64_t>()));
  }
  OpenedRun opened;
  std::int64_t verdict = kTrain;
  std::exception_ptr failure;
  if (world.main()) {
    try {
      opened.lock = lock_run(ctx.out_dir, run_id);
      store::check_record_paths(ctx.out_dir, run_id);  // a folder there would stop the run only at its end
      if (ctx.skip_finished) opened.done = recorded_elsewhere(ctx.out_dir, run_id);
      if (opened.done) verdict = kRecorded;
      if (!opened.done && ctx.fresh) remove_checkpoint(checkpoint_path(ctx.out_dir, run_id));
    } catch (const RunBusy&) {
      verdict = kBusy;
      failure = std::current_exception();
    } catch (...) {
      verdict = kFailed;
      failure = std::current_exception();
    }
  }
  if (!world.single()) {  // the others follow rank 0; this is also where they wait for its lock
    std::vector<torch::Tensor> shared{torch::full({1}, verdict, torch::kInt64)};
    world.broadcast(shared);
    verdict = shared[0].item<std::int64_t>();
  }
  if (failure) std::rethrow_exception(failure);
  if (verdict == kBusy)
    throw RunBusy(fmt::format("run {} is being trained by another process (rank 0 found its lock held)", run_id));
  if (verdict == kFailed) core::fail("run {}: rank 0 could not open the run's record (see its message)", run_id);
  if (verdict == kRecorded && !opened.done) {
    opened.done = RunResult{run_id,
                            "recorded",
                            "another process recorded it (rank 0 found its record)",
                            store::final_path(ctx.out_dir, run_id),
                            kNaN,
                            kNaN,
                            0};
  }
  return opened;
}

namespace {

/// Every rank must start where rank 0 does: from the same step of the same checkpoint, or afresh,
/// and read the steps back at the same interval (--log-every: the ranks agree on a stop there).
/// Ranks that do not (an --out folder some nodes do not see, ranks started by hand) would meet in
/// different collectives. Throws core::ContraError in one line naming the rank.
void check_same_start(const dist::World& world, const Start& start, std::int64_t log_every) {
  if (world.single()) return;
  const auto mine =
      torch::tensor({std::int64_t{start.resumed}, start.position.step, log_every}, torch::kInt64).view({1, 3});
  const auto all = world.all_gather(mine);  // W×3
  const auto said = [&](int r) {
    return (all[r][0].item<std::int64_t>() != 0 ? fmt::format("resumes from step {}", all[r][1].item<std::int64_t>())
                                                : std::string("starts afresh")) +
           fmt::format(" reading back every {} steps", all[r][2].item<std::int64_t>());
  };
  for (int r = 1; r < world.size(); ++r)
    CONTRA_CHECK(torch::equal(all[r], all[0]),
                 "rank {} {} but rank 0 {}: every rank must start from the same checkpoint, or none (an --out folder "
                 "all ranks see), and read back with the same --log-every",
                 r, said(r), said(0));
}

}  // namespace

Start start_or_resume(Session& s) {
  auto& rec = s.recorder;
  Start start;
  // The split chunk budget depends on the machine's cache (models/split_chunks.h): the run holds
  // one value throughout, and a resumed run keeps the one it started with, so a requeue onto
  // another kind of node continues bit for bit (a checkpoint that predates the attribute gets this
  // machine's, recorded from now on).
  start.split_chunk_budget = models::split_chunk_budget();
  if (auto restored = restore_agreed(s)) {  // checked before any state changes; every rank or none
    start.resumed = true;
    start.threads_note = keep_recorded_threads(s, restored->record);
    rec.record() = restored->record;
    start.position = restored->position;
    s.data_gen.set_state(s.epoch_start_gen.get_state());  // rewound to the epoch's start
    const auto recorded = rec.record().attributes.find("split_chunk_budget_bytes");
    if (recorded != rec.record().attributes.end() && std::holds_alternative<std::int64_t>(recorded->second))
      start.split_chunk_budget = std::get<std::int64_t>(recorded->second);
  } else {
    record_provenance(s, s.run_id);
    if (s.method->trains()) record_costs(s);  // a baseline that only evaluates has no steps to cost
  }
  rec.attribute("split_chunk_budget_bytes", start.split_chunk_budget);
  record_attempt(rec, start.resumed ? std::optional<std::int64_t>(start.position.epochs_done) : std::nullopt);
  check_same_start(*s.world, start, std::max<std::int64_t>(s.ctx.log_every, 1));
  return start;
}

double random_init_knn(Session& s, Loop& loop, bool resumed) {
  if (resumed) {
    if (loop.speaks)
      loop.progress.note(fmt::format("resuming from the checkpoint after epoch {} (step {}) in {}",
                                     loop.pos.epochs_done, loop.pos.step, s.checkpoint.string()));
    return std::get<double>(s.recorder.record().summary.at("knn_top1_random_init"));
  }
  const auto eval_start = Clock::now();
  double knn = kNaN;
  if (s.exp.eval.knn_random_init) {
    knn = s.evaluator.knn(s.method->query_encoder());
    if (loop.speaks) loop.progress.note(fmt::format("kNN top-1 of the random-init encoder: {:.2f}%", knn));
  }
  loop.pos.eval_seconds = seconds_since(eval_start);
  s.recorder.summary("knn_top1_random_init", knn);
  return knn;
}

}  // namespace contra::train

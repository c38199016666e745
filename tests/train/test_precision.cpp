// Mixed precision on the CPU (core/precision.h, train/step.h; DESIGN.md, "Scale"): a bf16 step
// (LibTorch's CPU autocast) against the fp32 step, the state that stays float32, a precision the
// device cannot run refused before training, and the run id and record of run.precision and
// run.deterministic. The fp16 loss scaler has its own file (test_loss_scaler.cpp).
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "../support/cli.h"
#include "../support/experiment.h"
#include "../support/small_methods.h"
#include "contra/augment/two_view.h"
#include "contra/config/run_id.h"
#include "contra/config/load.h"
#include "contra/core/precision.h"
#include "contra/core/precision_choice.h"
#include "contra/core/seed.h"
#include "contra/methods/end_to_end.h"
#include "contra/methods/registry.h"
#include "contra/methods/simclr.h"
#include "contra/store/run_record.h"
#include "contra/train/step.h"
#include "contra/train/trainer.h"

using namespace contra;
using contra::testing::TempDir;

namespace {

/// The loss and the query encoder's gradient (flattened) of one forward and backward pass of
/// `method` on `batch` at `precision`.
std::pair<double, torch::Tensor> loss_and_gradient(methods::Method& method, const methods::Batch& batch,
                                                   core::Precision precision) {
  for (auto& p : method.trainable_parameters()) p.mutable_grad() = torch::Tensor();
  methods::StepOutput out;
  {
    const core::AutocastScope autocast(torch::kCPU, precision);
    out = method.forward_step(batch);
  }
  out.loss.backward();
  std::vector<torch::Tensor> grads;
  for (auto& p : method.trainable_parameters())
    if (p.grad().defined()) grads.push_back(p.grad().reshape({-1}));
  return {out.loss.item<double>(), torch::cat(grads)};
}

double cosine(const torch::Tensor& a, const torch::Tensor& b) {
  return (a.dot(b) / (a.norm() * b.norm())).item<double>();
}

}  // namespace

// Measured at seeds 0–4 on the toy batch of 32 (bf16 keeps 8 bits of mantissa; the similarities
// and the log-sum-exp stay float32): the bf16 loss differs from fp32's by at most 0.2% (MoCo) and
// 0.03% (SimCLR), the gradients' cosine is at least 0.9979 and 0.9950. The memory bank at its first
// step scores its queries against random unit rows (its positives too), so its gradient is small
// and bf16's rounding weighs more: loss within 3.1%, cosine 0.90–0.96. The bounds leave room over
// the worst seed.
TEST_CASE("precision: a bf16 step (CPU autocast) agrees with the fp32 step, within a stated tolerance per method",
          "[train][precision]") {
  const auto batches = testing::toy_batches(1, 32, 0);
  const methods::DataShape toy{1, 32};
  const auto check = [&](methods::Method& method, double loss_rel, double min_cosine) {
    const auto [loss32, grad32] = loss_and_gradient(method, batches[0], core::Precision::fp32);
    const auto [loss16, grad16] = loss_and_gradient(method, batches[0], core::Precision::bf16);
    INFO("fp32 " << loss32 << ", bf16 " << loss16 << ", cosine " << cosine(grad32, grad16));
    CHECK(std::isfinite(loss16));
    CHECK(std::abs(loss16 - loss32) < loss_rel * loss32);
    CHECK(cosine(grad32, grad16) > min_cosine);
    CHECK(loss16 != loss32);  // autocast did act: the products ran in bf16
  };
  SECTION("MoCo: loss within 1%, gradient cosine > 0.99") {
    torch::manual_seed(0);
    testing::SmallMoco o;
    methods::Moco m(o.model, o.method, toy, 0);
    check(m, 0.01, 0.99);
  }
  SECTION("SimCLR: loss within 1%, gradient cosine > 0.99") {
    torch::manual_seed(0);
    methods::SimClr m(testing::small_model(), {}, toy, 0);
    check(m, 0.01, 0.99);
  }
  SECTION("memory bank, first step: loss within 5%, gradient cosine > 0.85") {
    torch::manual_seed(0);
    testing::SmallBank o;
    methods::MemoryBank m(o.model, o.method, toy, 0);
    check(m, 0.05, 0.85);
  }
}

TEST_CASE("precision: under bf16 the queue, the bank and the key encoder stay float32", "[train][precision]") {
  const auto batches = testing::toy_batches(2, 32, 1);
  const methods::DataShape toy{1, 64};
  torch::manual_seed(0);
  testing::SmallMoco mo;
  methods::Moco moco(mo.model, mo.method, toy, 0);
  testing::SmallBank bo;
  methods::MemoryBank bank(bo.model, bo.method, toy, 0);
  for (methods::Method* m : std::vector<methods::Method*>{&moco, &bank}) {
    torch::optim::SGD opt(m->trainable_parameters(), torch::optim::SGDOptions(0.1));
    for (const auto& b : batches) {
      methods::StepOutput out;
      {
        const core::AutocastScope autocast(torch::kCPU, core::Precision::bf16);
        out = m->forward_step(b);
      }
      opt.zero_grad();
      out.loss.backward();
      opt.step();
      m->after_optimizer_step();
      CHECK(out.loss.scalar_type() == torch::kFloat32);  // the cross-entropy ran in float32
    }
  }
  CHECK(moco.queue()->keys().scalar_type() == torch::kFloat32);
  CHECK(moco.queue()->pointer() == 64);
  for (const auto& p : moco.named_parameters()) {
    INFO(p.key());
    CHECK(p.value().scalar_type() == torch::kFloat32);
  }
  CHECK(bank.bank()->rows().scalar_type() == torch::kFloat32);
  // The bank rows written from bf16 features are unit vectors in float32.
  const auto norms = bank.bank()->rows().index_select(0, torch::arange(64)).norm(2, 1);
  CHECK(torch::allclose(norms, torch::ones_like(norms), 1e-5, 1e-5));
}

TEST_CASE("precision: AutocastScope nests, restores the state before it, and does nothing for fp32",
          "[train][precision]") {
  const auto a = torch::randn({4, 8}), b = torch::randn({8, 4});
  CHECK(a.mm(b).scalar_type() == torch::kFloat32);
  {
    const core::AutocastScope off(torch::kCPU, core::Precision::fp32);
    CHECK(a.mm(b).scalar_type() == torch::kFloat32);
  }
  {
    const core::AutocastScope outer(torch::kCPU, core::Precision::bf16);
    CHECK(a.mm(b).scalar_type() == torch::kBFloat16);
    {
      const core::AutocastScope inner(torch::kCPU, core::Precision::bf16);
      CHECK(a.mm(b).scalar_type() == torch::kBFloat16);
    }
    CHECK(a.mm(b).scalar_type() == torch::kBFloat16);  // the inner scope restored the outer one
  }
  CHECK(a.mm(b).scalar_type() == torch::kFloat32);
}

TEST_CASE("precision: names, and what a device cannot run", "[train][precision]") {
  CHECK(core::precision_names() == std::vector<std::string>{"fp32", "bf16", "fp16", "auto"});
  CHECK(core::parse_precision("bf16") == core::Precision::bf16);
  CHECK_THROWS_WITH(core::parse_precision("fp64"), Catch::Contains("fp32, bf16, fp16, auto"));
  CHECK(core::autocast_dtype(core::Precision::fp16) == torch::kHalf);
  CHECK_FALSE(core::precision_unsupported(core::Precision::fp32, torch::kCPU));
  CHECK_FALSE(core::precision_unsupported(core::Precision::bf16, torch::kCPU));
#if TORCH_VERSION_MAJOR < 2
  const auto why = core::precision_unsupported(core::Precision::fp16, torch::kCPU);
  REQUIRE(why);
  CHECK_THAT(*why, Catch::Contains("LibTorch 2.4 or newer"));
#endif
}

TEST_CASE("precision: run.precision is checked and typed, in the run id, and run.deterministic is not",
          "[train][precision][config]") {
  const auto base = testing::experiment_with({});
  CHECK(base.run.precision == core::Precision::fp32);
  CHECK_FALSE(base.run.deterministic);
  const auto id = config::run_id(base);
  CHECK(config::run_id(testing::experiment_with({"run.precision='fp32'"})) == id);
  CHECK(config::run_id(testing::experiment_with({"run.precision='bf16'"})) != id);
  CHECK(config::run_id(testing::experiment_with({"run.precision='fp16'"})) !=
        config::run_id(testing::experiment_with({"run.precision='bf16'"})));
  CHECK(config::run_id(testing::experiment_with({"run.deterministic=true"})) == id);
  CHECK_THAT(config::to_toml(base), Catch::Contains("precision = 'fp32'"));
  CHECK_THROWS_WITH(testing::experiment_with({"run.precision='fp8'"}),
                    Catch::Contains("run.precision") && Catch::Contains("fp8") && Catch::Contains("bf16"));
}

namespace {

std::vector<std::string> tiny(const std::string& precision) {
  return {"run.precision='" + precision + "'",
          "data.train_subset=256",
          "data.test_subset=100",
          "optim.epochs=1",
          "optim.batch=64",
          "model.width=4",
          "method.queue=128",
          "eval.knn_random_init=false"};
}

/// One tiny run with `sets`, trained on one thread into `out`; it completes, and its record is read back.
store::RunRecord train_tiny(const std::vector<std::string>& sets, const std::filesystem::path& out) {
  train::RunContext ctx;
  ctx.out_dir = out;
  ctx.quiet = true;
  ctx.threads = 1;
  const auto result = train::run_experiment(testing::experiment_with(sets), ctx);
  CHECK(result.status == "complete");
  return store::read_run(result.file);
}

}  // namespace

TEST_CASE("precision: run.precision = auto trains in the precision the rule chooses here, and the record says why",
          "[train][precision]") {
  TempDir dir;
  const auto rec = train_tiny(tiny("auto"), dir / "runs");
  const auto chosen = core::choose_precision(core::Precision::automatic, core::precision_target(torch::kCPU));
  CHECK(store::get_string(rec.attributes, "precision", "rec") == core::precision_name(chosen.precision));
  CHECK(store::get_string(rec.attributes, "precision_rule", "rec") == chosen.why);
}

TEST_CASE("precision: a bf16 run and a deterministic run train on the CPU and their records say so",
          "[train][precision]") {
  for (const bool deterministic : {false, true}) {
    INFO("deterministic " << deterministic);
    TempDir dir;
    auto sets = tiny("bf16");
    if (deterministic) sets.push_back("run.deterministic=true");
    const auto rec = train_tiny(sets, dir / "runs");
    CHECK(store::get_string(rec.attributes, "precision", "rec") == "bf16");
    CHECK(store::get_string(rec.attributes, "precision_rule", "rec") == "run.precision = 'bf16' as configured");
    CHECK(store::get_int(rec.attributes, "deterministic", "rec") == (deterministic ? 1 : 0));
    CHECK(store::get_int(rec.attributes, "cudnn_benchmark", "rec") == 0);  // CPU: no cuDNN, no TF32
    CHECK(store::get_int(rec.attributes, "tf32", "rec") == 0);
    CHECK(store::get_int(rec.attributes, "tf32_matmul", "rec") == 0);
    CHECK(store::get_int(rec.attributes, "channels_last", "rec") == 1);  // NHWC on the CPU (issue 39)
    CHECK_THAT(store::get_string(rec.attributes, "memory_order_rule", "rec"), Catch::StartsWith("NHWC: CPU"));
    for (double l : store::column_as_double(rec.steps, "loss")) CHECK(std::isfinite(l));
    CHECK(rec.summary.count("loss_scale") == 0);  // bf16 has no loss scaler
  }
  at::globalContext().setDeterministicAlgorithms(false, false);
}

TEST_CASE(
    "precision: fp16 on the CPU runs where LibTorch's CPU autocast has it, and is refused in one line before "
    "training where it does not",
    "[train][precision]") {
  TempDir dir;
  const auto out = dir / "runs";
  std::string sets;
  for (const auto& s : tiny("fp16")) sets += " --set \"" + s + "\"";
  const auto r = testing::run_cli("train " + testing::quote(testing::kExperiment) + sets +
                                      " --threads 1 --quiet --out " + testing::quote(out.string()),
                                  dir);
  if (const auto why = core::precision_unsupported(core::Precision::fp16, torch::kCPU)) {
    testing::check_one_line_error(r, {testing::kExperiment, "run.precision = 'fp16'", "cpu", "bf16"});
    CHECK_FALSE(std::filesystem::exists(out));  // refused before a file was written
  } else {
    INFO(r.err);
    REQUIRE(r.code == 0);
    const auto files = testing::files_with(out, ".h5");
    REQUIRE(files.size() == 1);
    const auto rec = store::read_run(files.front());
    CHECK(store::get_string(rec.attributes, "precision", "rec") == "fp16");
    CHECK(store::get_double(rec.summary, "loss_scale", "rec") > 0);
    CHECK(store::get_int(rec.summary, "skipped_steps", "rec") >= 0);
  }
}

TEST_CASE("precision: bf16 asked for on a CPU without it warns in one line, also under --quiet", "[train][precision]") {
  TempDir dir;
  std::string sets;
  for (const auto& s : tiny("bf16")) sets += " --set \"" + s + "\"";
  setenv("CONTRA_CPU_FEATURES", "none", 1);  // the child acts as on a CPU without avx512_bf16 or AMX
  const auto r = testing::run_cli("train " + testing::quote(testing::kExperiment) + sets + " --threads 1 --quiet --out " +
                                      testing::quote((dir / "runs").string()),
                                  dir);
  unsetenv("CONTRA_CPU_FEATURES");
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK_THAT(r.err, Catch::Contains("contra: warning: ") && Catch::Contains("without native bf16"));
}

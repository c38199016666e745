// Every mechanism through the real training loop (DESIGN.md, "The main job, end to end" and
// "Results store"): a tiny run per method name, its status, a finite loss and a complete record
// with the mechanism's own negatives count and costs.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "../support/temp_dir.h"
#include "contra/config/load.h"
#include "contra/methods/registry.h"
#include "contra/store/run_record.h"
#include "contra/train/trainer.h"

namespace fs = std::filesystem;
using contra::testing::TempDir;

namespace {

const std::string kExperiment = CONTRA_SOURCE_DIR "/experiments/moco-fashion-mnist.toml";

std::vector<contra::config::Override> small_run(const std::string& method) {
  std::vector<std::string> sets = {"method.name=" + method, "data.train_subset=512", "data.test_subset=200",
                                   "optim.epochs=1",        "optim.batch=128",       "model.width=4",
                                   "method.queue=256",      "method.negatives=256",  "eval.knn_random_init=false"};
  if (method == "simclr") {
    sets.push_back("model.head=mlp");
    sets.push_back("model.bn_splits=1");
  }
  std::vector<contra::config::Override> out;
  for (const auto& s : sets) out.push_back(contra::config::parse_set(s, kExperiment));
  return out;
}

double summary_number(const contra::store::RunRecord& rec, const std::string& key) {
  return contra::store::get_double(rec.summary, key, "/summary");
}

}  // namespace

TEST_CASE("e2e: one tiny run per mechanism gives a finite loss and a complete record", "[train][e2e]") {
  struct Expect {
    std::string name;
    std::int64_t negatives, k, store_bytes;
  };
  const std::int64_t batch = 128, dim = 128, train = 512;
  const std::vector<Expect> expect = {
      {"moco", 256, 256, dim * 256 * 4},
      {"memory_bank", 256, 256, train * dim * 4},
      {"end_to_end", batch - 1, batch, 0},
      {"simclr", 2 * batch - 2, batch, 0},
  };
  for (const auto& e : expect) {
    INFO("method " << e.name);
    TempDir dir;
    const auto exp = contra::methods::load_experiment(kExperiment, small_run(e.name));
    REQUIRE(exp.method.name == e.name);
    REQUIRE(exp.model.dim == dim);
    contra::train::RunContext ctx;
    ctx.out_dir = dir / "runs";
    ctx.quiet = true;
    ctx.threads = 1;
    ctx.axes = {"method.name", "optim.batch", "method.symmetric"};  // as a sweep varying them would pass them
    const auto result = contra::train::run_experiment(exp, ctx);
    INFO("status " << result.status << " reason " << result.reason);
    CHECK((result.status == "complete" || result.status == "fail"));
    CHECK(result.run_id == contra::config::config_hash(exp));
    REQUIRE(result.file == contra::store::final_path(ctx.out_dir, result.run_id));
    REQUIRE(fs::is_regular_file(result.file));
    // No unfinished record remains.
    for (const auto& entry : fs::directory_iterator(ctx.out_dir)) {
      const std::string name = entry.path().filename().string();
      CHECK(name.find(".partial") == std::string::npos);
    }

    const auto rec = contra::store::read_run(result.file);
    const std::string what = result.file.string();
    // Root attributes.
    CHECK(contra::store::get_string(rec.attributes, "status", what) == result.status);
    CHECK(contra::store::get_string(rec.attributes, "run_id", what) == result.run_id);
    CHECK(contra::store::get_string(rec.attributes, "config", what) == contra::config::to_toml(exp));
    CHECK(contra::store::get_int(rec.attributes, "seed", what) == exp.run.seed);
    CHECK_FALSE(contra::store::get_string(rec.attributes, "git_sha", what).empty());
    CHECK_FALSE(contra::store::get_string(rec.attributes, "torch_version", what).empty());
    CHECK(contra::store::get_string(rec.attributes, "device", what) == "cpu");
    CHECK(contra::store::get_string(rec.attributes, "method", what) == e.name);
    CHECK(rec.attributes.count("reason") == 1);
    // The axes: their config values, numbers as numbers and the rest as TOML text.
    CHECK(contra::store::get_string(rec.attributes, "axes", what) ==
          "method.name='" + e.name + "' optim.batch=128 method.symmetric=false");
    CHECK(contra::store::get_string(rec.axes, "method.name", what) == "'" + e.name + "'");
    CHECK(std::get<double>(rec.axes.at("optim.batch")) == 128.0);
    CHECK(contra::store::get_string(rec.axes, "method.symmetric", what) == "false");
    CHECK(rec.attributes.count("schema_version") == 1);

    // Steps: 512 / 128 = 4 steps, every loss finite.
    const auto loss = contra::store::column_as_double(rec.steps, "loss");
    CHECK(loss.size() == 4);
    for (double l : loss) CHECK(std::isfinite(l));
    // One epoch row.
    CHECK(contra::store::column_as_double(rec.epochs, "epoch").size() == 1);
    const auto epoch_loss = contra::store::column_as_double(rec.epochs, "loss");
    REQUIRE(epoch_loss.size() == 1);
    CHECK(std::isfinite(epoch_loss[0]));
    // Alignment and uniformity on the last (kNN) epoch: unit vectors are at most 2 apart, so
    // 0 <= align <= 4 and −8 <= uniform <= 0.
    const auto align = contra::store::column_as_double(rec.epochs, "align");
    const auto uniform = contra::store::column_as_double(rec.epochs, "uniform");
    REQUIRE(align.size() == 1);
    REQUIRE(uniform.size() == 1);
    CHECK(align[0] >= 0);
    CHECK(align[0] <= 4);
    CHECK(uniform[0] >= -8);
    CHECK(uniform[0] < 0);

    // Summary: the final metrics and the mechanism's cost.
    const double knn = summary_number(rec, "knn_top1");
    CHECK(std::isfinite(knn));
    CHECK(knn >= 0);
    CHECK(knn <= 100);
    CHECK(knn == Approx(result.knn_top1));
    // The linear probe at the end of the run, with its protocol beside it.
    const double linear = summary_number(rec, "linear_top1");
    CHECK(linear >= 0);
    CHECK(linear <= 100);
    CHECK(summary_number(rec, "linear_train_top1") >= 0);
    CHECK(summary_number(rec, "linear_iterations") >= 1);
    CHECK_THAT(contra::store::get_string(rec.attributes, "linear_probe", what), Catch::Contains("L-BFGS"));
    CHECK(summary_number(rec, "train_seconds") > 0);
    CHECK(summary_number(rec, "images_per_s") > 0);
    CHECK(summary_number(rec, "peak_memory_bytes") > 0);
    CHECK(contra::store::get_int(rec.summary, "negatives", what) == e.negatives);
    CHECK(contra::store::get_int(rec.summary, "K", what) == e.k);
    CHECK(contra::store::get_int(rec.summary, "negatives_store_bytes", what) == e.store_bytes);
    CHECK(summary_number(rec, "flops_forward_per_image") > 0);
    CHECK(summary_number(rec, "train_flops_per_step") > 0);
    // knn_random_init was off: not measured.
    CHECK(std::isnan(result.knn_top1_random_init));
  }
}

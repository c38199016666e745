// The tiny run that the resume tests train through the real `contra train`, interrupted and not,
// and the check that an interrupted run's record equals the uninterrupted one's (timings aside).
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "cli.h"
#include "experiment.h"
#include "contra/store/run_record.h"

namespace contra::testing {

/// 512 images in batches of 64: 8 steps per epoch, 3 epochs, a checkpoint after each epoch. The
/// random-init kNN is on, so that a resumed run is checked to carry the value measured before step 1.
inline std::string tiny_sets(const std::string& method) {
  std::string sets = " --set method.name=" + method +
                     " --set data.train_subset=512 --set data.test_subset=200 --set optim.epochs=3 --set optim.batch=64"
                     " --set model.width=4 --set model.bn_splits=4 --set eval.knn_random_init=true";
  for (const auto& s : method_sets(method, {{"queue", "256"}, {"negatives", "256"}})) sets += " --set " + s;
  if (method == "simclr") sets += " --set model.head=mlp";
  return sets;
}

/// `contra train` of the tiny run into `out`, with `extra` arguments and `threads` intra-op threads
/// (in all, over the ranks of --nproc); the raw wait status, so a death by signal shows. Its output
/// goes to `dir`/log.
inline int train_status(const std::string& method, const std::filesystem::path& out, const std::string& extra,
                        const TempDir& dir, int threads = 1) {
  const std::string command = "exec " + quote(kCli) + " train " + quote(kExperiment) + tiny_sets(method) +
                              " --threads " + std::to_string(threads) + " --quiet --out " + quote(out.string()) + " " +
                              extra + " >>" + quote((dir / "log").string()) + " 2>&1";
  return std::system(command.c_str());
}

/// The one final record in `out`.
inline store::RunRecord only_record(const std::filesystem::path& out) {
  const auto files = files_with(out, ".h5");
  REQUIRE(files.size() == 1);
  return store::read_run(files.front());
}

/// CHECKs the metrics that must not depend on interruptions (timings aside) equal, bit for bit.
inline void check_same_metrics(const store::RunRecord& a, const store::RunRecord& b) {
  using store::column_as_double;
  for (const char* column : {"step", "epoch", "loss", "lr"}) {
    INFO("steps/" << column);
    CHECK(column_as_double(a.steps, column) == column_as_double(b.steps, column));
  }
  for (const char* column : {"epoch", "loss", "pretext_acc", "embedding_std"}) {
    INFO("epochs/" << column);
    CHECK(column_as_double(a.epochs, column) == column_as_double(b.epochs, column));
  }
  // Evaluated on some epochs only: NaN elsewhere, and NaN must match NaN.
  const auto bits = [](std::vector<double> v) {
    for (auto& x : v) x = std::isnan(x) ? -1e300 : x;
    return v;
  };
  for (const char* column : {"knn_top1", "align", "uniform"}) {
    INFO("epochs/" << column);
    CHECK(bits(column_as_double(a.epochs, column)) == bits(column_as_double(b.epochs, column)));
  }
  for (const char* key : {"knn_top1", "knn_top1_random_init", "linear_top1", "final_loss", "embedding_std", "steps"}) {
    INFO("summary/" << key);
    const double x = store::get_double(a.summary, key, "a");
    const double y = store::get_double(b.summary, key, "b");
    CHECK(!std::isnan(x));
    CHECK(x == y);
  }
  CHECK(store::get_string(a.attributes, "status", "a") == store::get_string(b.attributes, "status", "b"));
}

}  // namespace contra::testing

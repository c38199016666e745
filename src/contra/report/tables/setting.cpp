#include "contra/report/tables/setting.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "contra/config/load.h"
#include "contra/methods/registry.h"

namespace contra::report {

namespace {

/// The values joined with " / ", in numeric order when they are all numbers.
std::string join(const std::set<std::string>& values) {
  std::vector<std::string> v(values.begin(), values.end());
  const auto number = [](const std::string& s, double& out) {
    char* end = nullptr;
    out = std::strtod(s.c_str(), &end);
    return !s.empty() && end == s.c_str() + s.size();
  };
  double a = 0, b = 0;
  if (std::all_of(v.begin(), v.end(), [&](const std::string& s) { return number(s, a); }))
    std::sort(v.begin(), v.end(),
              [&](const std::string& x, const std::string& y) { return number(x, a), number(y, b), a < b; });
  return fmt::format("{}", fmt::join(v, " / "));
}

/// Each mechanism with the keys that matter to it (methods::describe).
std::string method_notes(const std::vector<RunSummary>& runs) {
  std::map<std::string, std::vector<RunSummary>> by_method;
  for (const auto& r : runs) by_method[r.experiment.method.name].push_back(r);
  std::vector<std::string> parts;
  for (const auto& [name, group] : by_method)
    parts.push_back(methods::describe(name, [&](const std::string& key) { return distinct_value(group, key); }));
  return fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace

std::string distinct_value(const std::vector<RunSummary>& runs, const std::string& key) {
  std::set<std::string> values;
  for (const auto& r : runs)  // a run whose method or dataset has no such key is left out
    if (auto text = config::display_text(r.experiment, key)) values.insert(*text);  // a string without its TOML quotes
  return values.empty() ? std::string("—") : join(values);
}

std::string distinct_attribute(const std::vector<RunSummary>& runs, const std::string& key) {
  std::set<std::string> values;
  for (const auto& r : runs) values.insert(r.attribute_text(key));
  return join(values);
}

std::vector<std::string> setting_notes(const std::vector<RunSummary>& runs, bool input_baseline) {
  if (runs.empty()) return {};
  const auto v = [&](const std::string& key) { return distinct_value(runs, key); };
  const auto a = [&](const std::string& key) { return distinct_attribute(runs, key); };
  std::set<std::string> seeds, world_sizes;
  for (const auto& r : runs) seeds.insert(std::to_string(r.seed));
  for (const auto& r : runs) {  // records from before runs on several processes were one process
    const std::string w = r.attribute_text("world_size");
    world_sizes.insert(w.empty() ? "1" : w);
  }
  std::set<std::string> splits;  // records from before eval.split evaluated on the test split
  for (const auto& r : runs) splits.insert(r.attribute_text("eval_split").empty() ? "test" : r.attribute_text("eval_split"));
  const std::string split = join(splits);
  const std::string evaluated =
      splits.count("validation") ? fmt::format("{} validation images held out of the training split (data.validation = "
                                               "{}) and evaluated on", a("validation_images"), v("data.validation"))
                                 : fmt::format("{} test images", a("test_images"));
  return {
      fmt::format("Data: {}, {} training images (data.train_subset = {}), {}.", v("data.dataset"), a("train_images"),
                  v("data.train_subset"), evaluated),
      fmt::format("Model: {} (width {}), {} head, dim {}, BN splits {}. Method: {}; τ = {}.", v("model.backbone"),
                  v("model.width"), v("model.head"), v("model.dim"), v("model.bn_splits"), method_notes(runs),
                  v("method.temperature")),
      fmt::format("Training: epochs {}, batch {}, SGD base lr {} (batch scaling {}, {} schedule), momentum {}, weight "
                  "decay {}; augmentation {}; precision {}; seeds {}.",
                  v("optim.epochs"), v("optim.batch"), v("optim.lr"), v("optim.lr_scaling"), v("optim.schedule"),
                  v("optim.sgd_momentum"), v("optim.weight_decay"), v("augment.recipe"), v("run.precision"),
                  join(seeds)),
      fmt::format(
          "Protocol: weighted kNN monitor (k = {}, t = {}, cosine) on backbone features, {} split, **final "
          "epoch**; mean ± sample std over seeds, n runs per row; {}",
          v("eval.knn_k"), v("eval.knn_t"), split,
          input_baseline ? "\"vs raw pixels\" is a row's mean minus the raw-pixel baseline's on the same protocol, in points."
                     : "the sweep plans no raw-pixel baseline (`baselines`), so no row is compared with raw pixels."),
      fmt::format("Cost: train s and images/s are means per run (training steps only, no evaluation); peak MiB is the "
                  "mean ± sd over seeds of each run's peak memory (resident set on CPU, allocator peak on GPU; of rank 0 "
                  "with several processes), the statistic the cost claims test. "
                  "Machine: {}, {} process(es) (world size) of {} thread(s), LibTorch {}, BLAS {}, git {}.",
                  a("device_name"), join(world_sizes), a("threads"), a("torch_version"), a("blas"), a("git_sha")),
  };
}

}  // namespace contra::report

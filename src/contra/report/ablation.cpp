#include "contra/report/ablation.h"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <map>
#include <set>

#include "contra/config/load.h"
#include "contra/core/error.h"

namespace contra::report {

namespace fs = std::filesystem;

namespace {

struct Stats {
  double mean = NAN, std = NAN;
  int n = 0;
};

Stats stats(const std::vector<double>& values) {
  Stats s;
  double sum = 0;
  for (double v : values)
    if (std::isfinite(v)) sum += v, ++s.n;
  if (s.n == 0) return s;
  s.mean = sum / s.n;
  if (s.n < 2) return s;
  double ss = 0;
  for (double v : values)
    if (std::isfinite(v)) ss += (v - s.mean) * (v - s.mean);
  s.std = std::sqrt(ss / (s.n - 1));  // sample standard deviation
  return s;
}

std::string num(double v, int digits) { return std::isfinite(v) ? fmt::format("{:.{}f}", v, digits) : "nan"; }

std::string mean_std(const Stats& s) {
  if (s.n == 0) return "—";
  if (s.n == 1) return num(s.mean, 2);
  return fmt::format("{} ± {}", num(s.mean, 2), num(s.std, 2));
}

/// The distinct values of `key` over the runs' configs, joined; "see rows" when it is the axis.
std::string distinct(const std::vector<config::Experiment>& exps, const std::string& key) {
  std::set<std::string> values;
  for (const auto& e : exps) values.insert(config::value_text(e, key).value_or("?"));
  std::vector<std::string> v(values.begin(), values.end());
  return fmt::format("{}", fmt::join(v, " / "));
}

std::string distinct_attr(const std::vector<RunSummary>& runs, const std::string& key) {
  std::set<std::string> values;
  for (const auto& r : runs) values.insert(r.attribute_text(key));
  return fmt::format("{}", fmt::join(std::vector<std::string>(values.begin(), values.end()), " / "));
}

std::string paper_value(const std::optional<config::ReferenceTable>& ref, const config::ReportSpec& spec, double x) {
  if (!ref || spec.reference_x.empty() || spec.reference_y.empty()) return "—";
  const auto& xs = config::reference_column(*ref, spec.reference_x);
  const auto& ys = config::reference_column(*ref, spec.reference_y);
  for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i)
    if (xs[i].number && std::fabs(*xs[i].number - x) <= 1e-9 * std::max(1.0, std::fabs(x))) return ys[i].text;
  return "—";
}

}  // namespace

Table ablation_table(const sweep::SweepPlan& plan, const std::vector<RunSummary>& all_runs,
                     const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  CONTRA_CHECK(!spec.x.empty(), "{}: [report] names no axis x (e.g. x = \"method.momentum\")", plan.sweep.file);
  std::set<std::string> planned;
  for (const auto& r : plan.runs) planned.insert(r.id);
  std::vector<RunSummary> runs;
  for (const auto& r : all_runs)
    if (planned.count(r.id)) runs.push_back(r);
  std::vector<config::Experiment> exps;
  for (const auto& r : runs) exps.push_back(config::parse_experiment(r.config, r.file.string()));

  Table t;
  t.title = fmt::format("{} — measured on {}, preset {}", spec.title.empty() ? plan.sweep.name : spec.title,
                        runs.empty() ? std::string("(no runs yet)") : distinct(exps, "data.dataset"), plan.preset);
  const int missing = static_cast<int>(plan.runs.size() - runs.size());
  if (missing > 0)
    t.notes.push_back(fmt::format("**INCOMPLETE: {} of {} planned runs have no finished record**; the rows hold only "
                                  "what has been recorded.", missing, plan.runs.size()));
  if (!runs.empty()) {
    std::set<std::int64_t> seeds;
    for (const auto& r : runs) seeds.insert(r.seed);
    t.notes.push_back(fmt::format("Data: {}, {} training images (data.train_subset = {}), {} test images.",
                                  distinct(exps, "data.dataset"), distinct_attr(runs, "train_images"),
                                  distinct(exps, "data.train_subset"), distinct_attr(runs, "test_images")));
    t.notes.push_back(fmt::format("Model: {} (width {}), {} head, dim {}, BN splits {}; method {} with K = {}, m = {}, "
                                  "τ = {}, shuffle BN {}.",
                                  distinct(exps, "model.backbone"), distinct(exps, "model.width"), distinct(exps, "model.head"),
                                  distinct(exps, "model.dim"), distinct(exps, "model.bn_splits"), distinct(exps, "method.name"),
                                  distinct(exps, "method.queue"), distinct(exps, "method.momentum"),
                                  distinct(exps, "method.temperature"), distinct(exps, "method.shuffle_bn")));
    t.notes.push_back(fmt::format("Training: {} epochs, batch {}, SGD lr {} ({} schedule), momentum {}, weight decay {}; "
                                  "augmentation {}; seeds {}.",
                                  distinct(exps, "optim.epochs"), distinct(exps, "optim.batch"), distinct(exps, "optim.lr"),
                                  distinct(exps, "optim.schedule"), distinct(exps, "optim.sgd_momentum"),
                                  distinct(exps, "optim.weight_decay"), distinct(exps, "augment.recipe"),
                                  fmt::join(seeds, ", ")));
    t.notes.push_back(fmt::format("Protocol: weighted kNN monitor (k = {}, t = {}, cosine) on backbone features, test "
                                  "split, **final epoch**; mean ± sample std over seeds, n runs per row.",
                                  distinct(exps, "eval.knn_k"), distinct(exps, "eval.knn_t")));
    t.notes.push_back(fmt::format("Cost: train s and images/s are means per run (training steps only, no evaluation); "
                                  "peak MiB is the largest peak memory (resident set on CPU, allocator peak on GPU). "
                                  "Machine: {}, {} thread(s), LibTorch {}, BLAS {}, git {}.",
                                  distinct_attr(runs, "device_name"), distinct_attr(runs, "threads"),
                                  distinct_attr(runs, "torch_version"), distinct_attr(runs, "blas"),
                                  distinct_attr(runs, "git_sha")));
  }
  const std::string x_label = spec.x_label.empty() ? spec.x : spec.x_label;
  const bool cited = reference.has_value();
  t.columns = {x_label, "measured kNN top-1 (%)", "n", "status", cited ? "paper top-1 (%) [1]" : "paper", "train s",
               "images/s", "peak MiB"};
  t.csv_columns = {spec.x, "measured_mean", "measured_std", "n", "status", "reasons", "paper", "train_seconds_mean",
                   "images_per_s_mean", "peak_memory_bytes_max"};

  // Random-init baseline: one value per seed (the untrained encoder does not depend on the axis).
  std::map<std::int64_t, double> init_by_seed;
  for (const auto& r : runs) init_by_seed.emplace(r.seed, r.metric("knn_top1_random_init"));
  std::vector<double> init;
  for (const auto& [seed, v] : init_by_seed) init.push_back(v);
  const Stats is = stats(init);
  t.rows.push_back({"random init", mean_std(is), std::to_string(is.n), "untrained encoder", "—", "—", "—", "—"});
  t.csv_rows.push_back({"random-init", num(is.mean, 4), num(is.std, 4), std::to_string(is.n), "baseline", "", "", "", "", ""});

  // One row per axis value, in numeric order when the axis is numeric.
  std::map<std::pair<double, std::string>, std::vector<const RunSummary*>> rows;
  for (const auto& r : runs) {
    const std::string text = r.axis_text(spec.x);
    double key = NAN;
    if (auto it = r.axes.find(spec.x); it != r.axes.end()) {
      if (const auto* d = std::get_if<double>(&it->second)) key = *d;
    }
    rows[{std::isfinite(key) ? key : 0.0, text}].push_back(&r);
  }
  for (const auto& [key, group] : rows) {
    std::vector<double> acc, secs, ips;
    double peak = 0;
    int fails = 0, errors = 0;
    std::set<std::string> reasons;
    for (const auto* r : group) {
      if (r->status == "error") {
        ++errors;
        reasons.insert("error: " + r->reason);
        continue;
      }
      if (r->status == "fail") {
        ++fails;
        reasons.insert(r->reason);
      }
      acc.push_back(r->metric(spec.metric));
      secs.push_back(r->metric("train_seconds"));
      ips.push_back(r->metric("images_per_s"));
      peak = std::max(peak, r->metric("peak_memory_bytes"));
    }
    const Stats a = stats(acc);
    const int total = static_cast<int>(group.size());
    std::vector<std::string> parts;
    if (fails > 0) parts.push_back(fmt::format("fail ({}/{})", fails, total));
    if (errors > 0) parts.push_back(fmt::format("error ({}/{})", errors, total));
    const std::string status = parts.empty() ? std::string("ok") : fmt::format("{}", fmt::join(parts, ", "));
    const std::string reason_text = fmt::format("{}", fmt::join(std::vector<std::string>(reasons.begin(), reasons.end()), "; "));
    const std::string paper = paper_value(reference, spec, key.first);
    const Stats st = stats(secs), ip = stats(ips);
    t.rows.push_back({key.second, mean_std(a), std::to_string(a.n), reason_text.empty() ? status : status + ": " + reason_text,
                      paper, num(st.mean, 1), num(ip.mean, 0), num(peak / (1024.0 * 1024.0), 0)});
    t.csv_rows.push_back({key.second, num(a.mean, 4), num(a.std, 4), std::to_string(a.n), status, reason_text, paper,
                          num(st.mean, 3), num(ip.mean, 1), num(peak, 0)});
  }
  if (cited) {
    t.footnotes.push_back(fmt::format("[1] {}; {}: {}{}. Cited, not measured here: a different dataset, backbone and "
                                      "metric from the measured column, so compare the ordering of rows, not the values.",
                                      reference->paper, reference->where, reference->metric,
                                      reference->setting.empty() ? "" : ", " + reference->setting));
  }
  return t;
}

ReportFiles write_report(const sweep::SweepPlan& plan, const std::string& references_dir) {
  const auto runs = load_runs(plan.runs_dir());
  std::optional<config::ReferenceTable> reference;
  if (!plan.sweep.report.reference.empty()) reference = config::load_reference(references_dir, plan.sweep.report.reference);
  const Table table = ablation_table(plan, runs, reference);
  ReportFiles files{plan.dir / "table.md", plan.dir / "table.csv", static_cast<int>(plan.runs.size()), 0};
  std::set<std::string> recorded;
  for (const auto& r : runs) recorded.insert(r.id);
  for (const auto& r : plan.runs) files.recorded += recorded.count(r.id) ? 1 : 0;
  fs::create_directories(plan.dir);
  std::ofstream(files.markdown) << to_markdown(table);
  std::ofstream(files.csv) << to_csv(table);
  return files;
}

}  // namespace contra::report

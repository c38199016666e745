#include "contra/report/tables/objective.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "contra/core/error.h"

namespace contra::report {

namespace {

/// The mean of `key` over the runs of `r` where it is finite; NaN where none is.
double mean_over_runs(const RowSet& d, const Row& r, const std::string& key) {
  std::vector<double> values;
  for (auto i : r.members) values.push_back(d.runs[i].metric(key));
  return stats(values).mean;
}

/// Mean cost per run of `r`: training steps and evaluation, in seconds.
double cost_of(const RowSet& d, const Row& r) {
  std::vector<double> values;
  for (auto i : r.members) values.push_back(d.runs[i].metric("train_seconds") + d.runs[i].metric("eval_seconds"));
  return stats(values).mean;
}

std::string signed_cell(double v) { return std::isfinite(v) ? fmt::format("{:+.2f}", v) : "—"; }

}  // namespace

std::vector<Candidate> score_candidates(const config::ReportSpec& spec, const RowSet& d, const std::string& sweep_file,
                                        int& chosen) {
  std::vector<std::string> xs;  // the rows' order: by x, or the plan's for labels
  for (const auto& r : d.rows)
    if (std::find(xs.begin(), xs.end(), r.x_text) == xs.end()) xs.push_back(r.x_text);
  std::vector<Candidate> out;
  for (const auto& text : xs) {
    Candidate c;
    c.x = text;
    double sum = 0, cost_sum = 0;
    int costs = 0;
    for (const auto& s : d.series_order) {
      const auto row = std::find_if(d.rows.begin(), d.rows.end(),
                                    [&, t = text](const Row& r) { return r.series == s && r.x_text == t; });
      if (row == d.rows.end() || row->measured.n == 0) continue;
      ++c.series;
      sum += row->measured.mean;
      const double margin = row->measured.mean - mean_over_runs(d, *row, "knn_top1_random_init");
      c.learned += margin > 0 ? 1 : 0;
      c.worst_margin = std::isfinite(c.worst_margin) ? std::min(c.worst_margin, margin) : margin;
      if (const double cost = cost_of(d, *row); std::isfinite(cost)) cost_sum += cost * row->runs, costs += row->runs;
    }
    const int all = static_cast<int>(d.series_order.size());
    if (c.series == all) c.score = sum / all;
    if (costs > 0) c.cost_s = cost_sum / costs;
    out.push_back(c);
  }
  const auto base = std::find_if(out.begin(), out.end(), [&](const Candidate& c) { return c.x == spec.objective_cost_x; });
  CONTRA_CHECK(base != out.end(), "{}: report.objective_cost_x = '{}' is no recorded row of the table (rows: {})",
               spec.at("report.objective_cost_x", sweep_file), spec.objective_cost_x,
               fmt::join([&] {
                 std::vector<std::string> names;
                 for (const auto& c : out) names.push_back(c.x);
                 return names;
               }(), ", "));
  const double bound = base->cost_s * spec.objective_cost_ratio;
  chosen = -1;
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto& c = out[i];
    c.eligible = std::isfinite(c.score) && c.learned == c.series && std::isfinite(c.cost_s) && c.cost_s <= bound;
    if (c.eligible && (chosen < 0 || c.score > out[chosen].score)) chosen = static_cast<int>(i);
  }
  return out;
}

Section objective_section(const config::ReportSpec& spec, const RowSet& d, const std::string& sweep_file) {
  int chosen = -1;
  const auto candidates = score_candidates(spec, d, sweep_file, chosen);
  const auto base = std::find_if(candidates.begin(), candidates.end(),
                                 [&](const Candidate& c) { return c.x == spec.objective_cost_x; });
  Section s;
  s.heading = "The recipe chosen by the rule";
  s.notes.push_back(fmt::format(
      "Rule (written in the sweep before its runs; docs/recipe.md): each {} scores the mean over the {} {} of its "
      "rows' mean {}. It is eligible when every {} has a row, each row is above its own random init (the mean "
      "knn_top1_random_init of its runs), and its mean cost per run (train + evaluation seconds) is at most {}× that "
      "of {} = {} ({:.1f} s). The eligible {} with the highest score is chosen.",
      spec.x_header(), d.series_order.size(), spec.series_header(), spec.metric, spec.series_header(),
      spec.objective_cost_ratio, spec.x_header(), spec.objective_cost_x, base->cost_s, spec.x_header()));
  s.columns = {spec.x_header(), "score", "rows above random init", "smallest margin over random init", "s per run",
               "cost ratio", "eligible"};
  for (const auto& c : candidates)
    s.rows.push_back({c.x, num_cell(c.score, 2), fmt::format("{} of {}", c.learned, d.series_order.size()),
                      signed_cell(c.worst_margin), num_cell(c.cost_s, 1), num_cell(c.cost_s / base->cost_s, 2),
                      c.eligible ? "yes" : "no"});
  if (chosen < 0) {
    s.footnotes.push_back(fmt::format("No {} is eligible: the rule chooses none.", spec.x_header()));
    return s;
  }
  const auto& best = candidates[chosen];
  std::string against;
  for (const auto role : {config::BaselineSpec::Role::input, config::BaselineSpec::Role::ceiling})
    if (const auto* b = d.baseline(role); b != nullptr && b->knn.n > 0)
      against += fmt::format("; {} {:.2f} ({:+.2f})", b->label, b->knn.mean, best.score - b->knn.mean);
  s.footnotes.push_back(fmt::format("Chosen: **{} = {}**, score {:.2f}{}{}.", spec.x_header(), best.x, best.score,
                                    against.empty() ? "" : " against the baselines' kNN (score minus each)", against));
  return s;
}

}  // namespace contra::report

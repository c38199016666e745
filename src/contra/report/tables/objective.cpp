#include "contra/report/tables/objective.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "contra/core/error.h"

namespace contra::report {

namespace {


std::string signed_cell(double v) { return std::isfinite(v) ? fmt::format("{:+.2f}", v) : "—"; }

}  // namespace

Objective score_candidates(const config::ReportSpec& spec, const RowSet& d, int seeds) {
  Objective o;
  std::vector<std::string> xs;  // the rows' order: by x, or the plan's for labels
  for (const auto& r : d.rows)
    if (std::find(xs.begin(), xs.end(), r.x_text) == xs.end()) xs.push_back(r.x_text);
  bool random_init_missing = false;
  o.learned_of_present.assign(d.series_order.size(), {0, 0});
  for (const auto& text : xs) {
    Candidate c;
    c.x = text;
    c.complete = true;
    double sum = 0, cost_sum = 0;
    int costs = 0;
    for (std::size_t si = 0; si < d.series_order.size(); ++si) {
      const auto& s = d.series_order[si];
      const auto row = std::find_if(d.rows.begin(), d.rows.end(),
                                    [&, t = text](const Row& r) { return r.series == s && r.x_text == t; });
      if (row == d.rows.end() || row->measured.n == 0) {
        c.complete = false;
        continue;
      }
      c.complete = c.complete && row->runs == seeds && row->errors == 0;
      ++c.series;
      sum += row->measured.mean;
      const double margin = row->measured.mean - mean_over_runs(d, *row, "knn_top1_random_init");
      random_init_missing = random_init_missing || !std::isfinite(margin);
      c.learned += margin > 0 ? 1 : 0;
      o.learned_of_present[si].first += margin > 0 ? 1 : 0;
      ++o.learned_of_present[si].second;
      // NaN as soon as one row's margin is (no smallest then); NaN never compares smaller.
      c.worst_margin = c.series == 1 || std::isnan(margin) ? margin
                       : std::isnan(c.worst_margin)         ? c.worst_margin
                                                            : std::min(c.worst_margin, margin);
      for (auto i : row->members)
        if (const double cost = d.runs[i].metric("train_seconds") + d.runs[i].metric("eval_seconds");
            std::isfinite(cost))
          cost_sum += cost, ++costs;
    }
    if (c.series == static_cast<int>(d.series_order.size())) c.score = sum / c.series;
    if (costs > 0) c.cost_s = cost_sum / costs;
    o.candidates.push_back(c);
  }
  const auto base = std::find_if(o.candidates.begin(), o.candidates.end(),
                                 [&](const Candidate& c) { return c.x == spec.objective_cost_x; });
  if (base != o.candidates.end()) o.base_cost_s = base->cost_s;
  if (d.runs.size() < static_cast<std::size_t>(d.planned))
    o.not_judged = fmt::format("{} of {} planned runs are recorded", d.runs.size(), d.planned);
  else if (base == o.candidates.end() || !std::isfinite(o.base_cost_s))
    o.not_judged = fmt::format("{} = {} has no recorded cost (train_seconds and eval_seconds)", spec.x_header(),
                               spec.objective_cost_x);
  else if (random_init_missing)
    o.not_judged = "a row's runs lack their random-init kNN (knn_top1_random_init: eval.knn_random_init = true)";
  if (!o.not_judged.empty()) return o;
  const double bound = o.base_cost_s * spec.objective_cost_ratio;
  for (std::size_t i = 0; i < o.candidates.size(); ++i) {
    auto& c = o.candidates[i];
    c.eligible = c.complete && std::isfinite(c.score) && c.learned == c.series && std::isfinite(c.cost_s) &&
                 c.cost_s <= bound;
    if (c.eligible && (o.chosen < 0 || c.score > o.candidates[o.chosen].score)) o.chosen = static_cast<int>(i);
  }
  return o;
}

Section objective_section(const config::ReportSpec& spec, const RowSet& d, int seeds) {
  const Objective o = score_candidates(spec, d, seeds);
  Section s;
  s.heading = "The recipe chosen by the rule";
  s.notes.push_back(fmt::format(
      "Rule (written in the sweep before its runs; docs/recipe.md): each {} scores the mean over the {} {} of its "
      "rows' mean {}. It is eligible when every {} has a row with all {} seeds recorded and none errored, each row "
      "is above its own random init (the mean knn_top1_random_init of its runs), and its mean cost per run (train + "
      "evaluation seconds) is at most {}× that of {} = {} ({} s). The eligible {} with the highest score is chosen.",
      spec.x_header(), d.series_order.size(), spec.series_header(), spec.metric, spec.series_header(), seeds,
      spec.objective_cost_ratio, spec.x_header(), spec.objective_cost_x, num_cell(o.base_cost_s, 1), spec.x_header()));
  s.columns = {spec.x_header(), "score", "rows above random init", "smallest margin over random init", "s per run",
               "cost ratio", "eligible"};
  for (const auto& c : o.candidates)
    s.rows.push_back({c.x, num_cell(c.score, 2), fmt::format("{} of {}", c.learned, d.series_order.size()),
                      signed_cell(c.worst_margin), num_cell(c.cost_s, 1), num_cell(c.cost_s / o.base_cost_s, 2),
                      !o.not_judged.empty() ? "—" : c.eligible ? "yes" : "no"});
  std::vector<std::string> learns;  // each series: under how many candidates its row is above its random init
  for (std::size_t si = 0; si < d.series_order.size(); ++si)
    learns.push_back(fmt::format("{} under {} of {}", d.series_order[si], o.learned_of_present[si].first,
                                 o.learned_of_present[si].second));
  s.footnotes.push_back(fmt::format("Each {} above its own random init: {}.", spec.series_header(), fmt::join(learns, ", ")));
  if (!o.not_judged.empty()) {
    s.footnotes.push_back(fmt::format("Not judged yet: {}.", o.not_judged));
    return s;
  }
  if (o.chosen < 0) {
    s.footnotes.push_back(fmt::format("No {} is eligible: the rule chooses none.", spec.x_header()));
    return s;
  }
  const auto& best = o.candidates[o.chosen];
  std::string against;  // the baselines train on their own setting (the table's Baselines line), not the candidate's
  for (const auto role : {config::BaselineSpec::Role::input, config::BaselineSpec::Role::ceiling})
    if (const auto* b = d.baseline(role); b != nullptr && b->knn.n > 0)
      against += fmt::format("; {} {:.2f} ({:+.2f})", b->label, b->knn.mean, best.score - b->knn.mean);
  s.footnotes.push_back(fmt::format("Chosen: **{} = {}**, score {:.2f}{}{}.", spec.x_header(), best.x, best.score,
                                    against.empty() ? "" : " against the baselines' kNN on their own setting (score "
                                                           "minus each)",
                                    against));
  return s;
}

}  // namespace contra::report

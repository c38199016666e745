#include "contra/report/verdicts/conditions.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "contra/config/keys.h"
#include "contra/core/error.h"
#include "contra/eval/linear_probe.h"

namespace contra::report {

namespace {

constexpr const char* kSummaryPrefix = "summary.";
constexpr const char* kHorizonPrefix = "horizon(";

/// The two operands of "a / b", or one.
std::vector<std::string> operands(const std::string& of) {
  const auto slash = of.find(" / ");
  if (slash == std::string::npos) return {of};
  return {of.substr(0, slash), of.substr(slash + 3)};
}

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

/// The config key an operand reads, or "" for one that reads none.
std::string config_key_of(const std::string& operand) {
  if (starts_with(operand, kHorizonPrefix)) return operand.substr(8, operand.size() - 9);
  if (starts_with(operand, kSummaryPrefix) || operand == "knn_over_random_init" || operand == "probe_converged" ||
      operand == "train_images" || operand == "learned")
    return "";
  return operand;
}

double operand_value(const std::string& operand, const RunSummary& run, const RowSet& set) {
  if (operand == "knn_over_random_init") {
    const auto* init = set.baseline(config::BaselineSpec::Role::init);
    return init == nullptr ? NAN : run.metric("knn_top1") - init->knn.mean;
  }
  if (operand == "learned") {  // the "did not learn" flag (docs/definitions.md), inverted
    if (run.loss_near_chance) return 0.0;
    const double over = operand_value("knn_over_random_init", run, set);
    return std::isfinite(over) ? (over > 0 ? 1.0 : 0.0) : NAN;
  }
  if (operand == "probe_converged") {
    if (run.summary.count("linear_converged") == 1) return run.metric("linear_converged") > 0 ? 1.0 : 0.0;
    const double iterations = run.metric("linear_iterations");  // a record of the former probe
    return std::isfinite(iterations) ? (iterations < static_cast<double>(eval::kFormerProbeCap) ? 1.0 : 0.0) : NAN;
  }
  if (operand == "train_images") {
    const auto it = run.attributes.find("train_images");
    if (it == run.attributes.end()) return NAN;
    if (const auto* i = std::get_if<std::int64_t>(&it->second)) return static_cast<double>(*i);
    if (const auto* d = std::get_if<double>(&it->second)) return *d;
    return NAN;
  }
  if (starts_with(operand, kSummaryPrefix)) return run.metric(operand.substr(8));
  const auto value = config::numeric_value(run.experiment, config_key_of(operand));
  if (!value) return NAN;
  return starts_with(operand, kHorizonPrefix) ? 1.0 / (1.0 - *value) : *value;
}

std::string bound_text(double v) {
  if (std::fabs(v) >= 1e6) return fmt::format("{:.3g}", v);
  return std::fabs(v) >= 100 || v == std::floor(v) ? fmt::format("{:.0f}", v) : fmt::format("{:.3g}", v);
}

}  // namespace

double condition_value(const config::Condition& condition, const RunSummary& run, const RowSet& set) {
  const auto ops = operands(condition.of);
  const double a = operand_value(ops[0], run, set);
  if (ops.size() == 1 || !std::isfinite(a)) return a;
  const double b = operand_value(ops[1], run, set);
  return std::isfinite(b) && b != 0 ? a / b : NAN;  // an operand not measured, or a division by zero
}

bool meets(const config::Condition& condition, double value) {
  // A relative slack of 1e-9: 1/(1 − 0.9999) is 10000.000000001 in binary, and meets at_most = 10000.
  const auto slack = [](double bound) { return 1e-9 * std::max(1.0, std::fabs(bound)); };
  if (!std::isfinite(value)) return false;
  if (std::isfinite(condition.at_least)) return value >= condition.at_least - slack(condition.at_least);
  return value <= condition.at_most + slack(condition.at_most);
}

std::optional<double> planned_value(const config::Condition& condition, const config::Experiment& experiment) {
  std::vector<double> values;
  for (const auto& op : operands(condition.of)) {
    const auto key = config_key_of(op);
    const bool from_config = !key.empty() && (op == key || starts_with(op, kHorizonPrefix));
    const auto v = from_config ? config::numeric_value(experiment, key) : std::nullopt;
    if (!v) return std::nullopt;
    values.push_back(starts_with(op, kHorizonPrefix) ? 1.0 / (1.0 - *v) : *v);
  }
  if (values.size() == 1) return values[0];
  return values[1] != 0 ? values[0] / values[1] : NAN;  // a division by zero: not measured, never kept
}

namespace {

/// The first row of `rows` on which `c` fails, as one line; "" when it holds on every row.
std::string first_failure(const config::Condition& c, const std::vector<const Row*>& rows, const RowSet& set,
                          const std::function<std::string(const Row&)>& row_name) {
  const std::string why = c.why.empty() ? "" : fmt::format(" ({})", c.why);
  for (const auto* row : rows) {
    double sum = 0;
    int n = 0;
    bool missing = false;
    for (const auto i : row->members) {
      const auto& run = set.runs[i];
      if (run.status == "error") continue;
      const double v = condition_value(c, run, set);
      missing = missing || !std::isfinite(v);
      sum += v;
      ++n;
    }
    const double mean = n > 0 ? sum / n : NAN;
    if (n == 0 || missing || !std::isfinite(mean))
      return fmt::format("{} not measured at {}{}", c.of, row_name(*row), why);
    if (!meets(c, mean))
      return fmt::format("{} = {} at {}, {} {}{}", c.of, bound_text(mean), row_name(*row),
                         std::isfinite(c.at_least) ? "below" : "above",
                         bound_text(std::isfinite(c.at_least) ? c.at_least : c.at_most), why);
  }
  return "";
}

}  // namespace

std::string failed_condition(const std::vector<config::Condition>& conditions,
                             const std::function<std::vector<const Row*>(const config::Condition&)>& rows_of,
                             const RowSet& set, const std::function<std::string(const Row&)>& row_name) {
  std::vector<std::string> failed;
  for (const auto& c : conditions) {
    const auto line = first_failure(c, rows_of(c), set, row_name);
    if (!line.empty()) failed.push_back(line);
  }
  return fmt::format("{}", fmt::join(failed, "; "));
}

void check_condition_keys(const std::vector<config::Condition>& conditions,
                          const std::vector<const config::Experiment*>& planned) {
  for (const auto& c : conditions)
    for (const auto& op : operands(c.of)) {
      const auto key = config_key_of(op);
      const bool held = std::any_of(planned.begin(), planned.end(), [&](const config::Experiment* e) {
        return config::numeric_value(*e, key).has_value();
      });
      CONTRA_CHECK(key.empty() || held,
                   "{}: conditions: of = '{}' names '{}', which the runs' configs do not hold as a number", c.where,
                   c.of, key);
    }
}

}  // namespace contra::report

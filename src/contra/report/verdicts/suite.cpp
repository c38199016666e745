#include "contra/report/verdicts/suite.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "contra/config/sweep.h"
#include "contra/core/error.h"
#include "contra/report/report.h"

namespace contra::report {

namespace fs = std::filesystem;

std::string suite_key(const fs::path& p) {
  std::error_code ec;
  const auto c = fs::weakly_canonical(p, ec);
  return ec ? p.lexically_normal().string() : c.string();
}

std::vector<ClaimResult> raw_verdicts(const sweep::SweepPlan& plan, const std::string& references_dir) {
  return sweep_verdicts(plan, references_dir, false).claims;
}

SuiteFamily adjust_over_suite(const sweep::SweepPlan& plan, std::vector<ClaimResult>& results,
                              const JudgedSweeps& judged) {
  SuiteFamily family;
  const fs::path own = plan.sweep.file;
  const fs::path folder = own.parent_path().empty() ? fs::path(".") : own.parent_path();
  std::vector<fs::path> files;
  std::error_code ec;
  std::vector<std::string> unreadable;  // a .toml of the folder that does not parse: named, never skipped silently
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    if (entry.path().extension() != ".toml" || !entry.is_regular_file(ec) || suite_key(entry.path()) == suite_key(own))
      continue;
    try {
      if (config::is_sweep_file(entry.path().string())) files.push_back(entry.path());
    } catch (const core::ContraError& e) {
      unreadable.push_back(fmt::format("{}: {}", entry.path().filename().string(), e.what()));
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<double> p;  // this table's first, then the others'
  for (const auto& r : results) p.push_back(r.verdict.p);
  if (!results.empty()) ++family.tables;
  family.left_out = unreadable;
  for (const auto& file : files) {
    const auto known = judged.find(suite_key(file));
    if (known != judged.end()) {
      if (!known->second.empty()) ++family.tables;
      p.insert(p.end(), known->second.begin(), known->second.end());
      continue;
    }
    try {
      const auto other = sweep::plan_sweep(file.string(), plan.preset, {});
      const auto raw = raw_verdicts(other, other.sweep.references);
      if (!raw.empty()) ++family.tables;
      for (const auto& r : raw) p.push_back(r.verdict.p);
    } catch (const core::ContraError& e) {
      family.left_out.push_back(fmt::format("{}: {}", file.filename().string(), e.what()));
    }
  }
  family.tested = static_cast<int>(std::count_if(p.begin(), p.end(), [](double v) { return std::isfinite(v); }));
  const auto adjusted = holm_adjust(p);
  for (std::size_t i = 0; i < results.size(); ++i) {
    auto& v = results[i].verdict;
    if (!v.tested()) continue;
    decide(v, adjusted[i]);
    v.evidence +=
        fmt::format("; {}: {}", family_text(family),
                    v.p_adjusted < 1e-4 ? std::string("p < 0.0001") : fmt::format("p = {:.4f}", v.p_adjusted));
  }
  return family;
}

std::string family_text(const SuiteFamily& family) {
  std::string text = fmt::format("Holm over {} tested claim{} of {} table{}", family.tested,
                                 family.tested == 1 ? "" : "s", family.tables, family.tables == 1 ? "" : "s");
  if (!family.left_out.empty()) text += fmt::format(" ({} sweep(s) of the folder left out)", family.left_out.size());
  return text;
}

}  // namespace contra::report

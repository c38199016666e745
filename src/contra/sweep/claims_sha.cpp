#include "contra/sweep/claims_sha.h"

#include <fmt/format.h>

#include "contra/config/claims.h"
#include "contra/config/references.h"
#include "contra/config/scale_rules.h"

namespace contra::sweep {

std::string claims_sha(const SweepPlan& plan) {
  const auto& spec = plan.sweep.report;
  if (spec.reference.empty() || !spec.claims) return "";
  std::vector<std::string> hashes;
  const auto claims = config::with_scale_rules(config::load_reference(plan.sweep.references, spec.reference).claims,
                                              plan.sweep.scale_rules);
  for (const auto& claim : claims)
    hashes.push_back(config::claim_hash(claim));
  return fmt::format("{}", fmt::join(hashes, " "));
}

}  // namespace contra::sweep

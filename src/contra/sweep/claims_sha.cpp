#include "contra/sweep/claims_sha.h"

#include <fmt/format.h>

#include "contra/config/claims.h"
#include "contra/config/references.h"

namespace contra::sweep {

std::string claims_sha(const SweepPlan& plan) {
  const auto& spec = plan.sweep.report;
  if (spec.reference.empty() || !spec.claims) return "";
  std::vector<std::string> hashes;
  for (const auto& claim : config::load_reference(plan.sweep.references, spec.reference).claims)
    hashes.push_back(config::claim_hash(claim));
  return fmt::format("{}", fmt::join(hashes, " "));
}

}  // namespace contra::sweep

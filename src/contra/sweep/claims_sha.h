// Pre-registration (docs/claims.md, "Pre-registration"): the hashes of the claims that judge a
// sweep's table, as `contra sweep` hands them to each run it starts, so that every record stores
// the claims as they were when it was trained (attribute claims_sha) and a report can tell a claim
// fixed before its runs from one revised after them.
#pragma once

#include <string>

#include "contra/sweep/plan.h"

namespace contra::sweep {

/// config::claim_hash of every claim of the table the sweep cites ([report] reference), with the
/// sweep's scale rules among its conditions (config::with_scale_rules), in file order and space-separated; "" when it cites none, its claims are off ([report] claims = false)
/// or the table has no claims. Throws ContraError as config::load_reference does.
std::string claims_sha(const SweepPlan& plan);

}  // namespace contra::sweep

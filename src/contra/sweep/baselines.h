// The baselines of a table (DESIGN.md, "Baselines"): raw pixels, the random-init encoder and the
// supervised ceiling, computed on the sweep's own data, subset, backbone and protocols. They are
// runs like any other (method.name = raw_pixels | random_init | supervised), planned from a sweep
// and recorded once per setting in <results>/baselines/runs: their ids are the hashes of their own
// configs, which keep only what each baseline depends on, so sweeps with the same data and
// protocols share one record instead of training it again.
#pragma once

#include <string>
#include <vector>

#include "contra/sweep/plan.h"

namespace contra::sweep {

/// The baseline methods, in the order a table lists them.
const std::vector<std::string>& baseline_methods();

/// "raw pixels", "random init", "supervised" for a baseline method name; the name otherwise.
std::string baseline_label(const std::string& method);

/// The baseline runs of `plan`: those its sweep's `baselines` names (all three by default). The
/// setting is the sweep's experiment with [fixed], the preset and
/// the plan's --set values applied and its axes at the experiment's values; from it
///  - supervised: method.name = "supervised" (the contrastive method's own keys dropped); the data,
///    backbone, augmentation, optimiser and evaluation are the setting's, except that it trains the
///    most epochs any run of the plan trains: where that is not the setting's (optim.epochs an axis,
///    as in SimCLR's batch study, or set per [[block]]), it takes the epochs, lr_steps and
///    warmup_epochs of the first run in plan order that trains them; one run per seed;
///  - random_init: the data, model, evaluation and run sections of the setting, every other
///    section at its default (nothing trains); one run per seed (the seed draws the weights);
///  - raw_pixels: the data, evaluation and run sections; one run (it has nothing to draw: the kNN
///    monitor and the L-BFGS probe are deterministic), at the first seed.
/// eval.knn_every and eval.knn_random_init are left at their defaults in random_init and
/// raw_pixels (they evaluate once). The plan's dir is `<results>/baselines`, its runs' states
/// read from there. Throws ContraError as plan_sweep does.
SweepPlan plan_baselines(const SweepPlan& plan);

/// For a sweep's --rerun: sets aside (sweep/local_launcher.h set_aside_records) the records of
/// `baselines` that another commit of contra recorded (their git_sha is not this binary's), and
/// reads the states again, so that they are trained again; those this commit recorded (by an
/// earlier sweep of the same regeneration) stay, shared.
void refresh_stale_baselines(SweepPlan& baselines);

}  // namespace contra::sweep

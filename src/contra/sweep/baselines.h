// The baselines of a table (docs/baselines.md): raw pixels, the random-init encoder and the
// supervised ceiling, computed on the sweep's own data, subset, backbone and protocols. They are
// runs like any other (method.name = a baseline method of the registry, config::BaselineSpec), planned from a sweep
// and recorded once per setting in <results>/baselines/runs: their ids are the hashes of their own
// configs, which keep only what each baseline depends on, so sweeps with the same data and
// protocols share one record instead of training it again.
#pragma once

#include <string>
#include <vector>

#include "contra/sweep/plan.h"

namespace contra::sweep {

/// The baselines a sweep plans: its `baselines` list, or every registered baseline (methods/registry.h)
/// in table order when it has none. Throws ContraError naming the sweep file and line when the
/// list names a method that is no baseline, listing the baselines.
std::vector<std::string> planned_baselines(const config::Sweep& sweep);

/// The baseline runs of `plan`: those planned_baselines names. The setting is the sweep's
/// experiment with [fixed], the preset and the plan's --set values applied and its axes at the
/// experiment's values, its [method] keys dropped; a study with report.objective_cost_x (a
/// labelled zip, as sweeps/recipe.toml) sets its zip keys to that point's values first, so its
/// baselines see the data of the candidate its costs are measured against. From it each baseline
/// keeps what its config::BaselineSpec says:
///  - always the data, evaluation and run sections;
///  - keeps_model: the model (the random-init encoder, the supervised ceiling);
///  - keeps_training: the augmentation and optimiser too, and (outside such a study) it trains
///    the most epochs any run of the plan trains: where that is not the setting's (optim.epochs an axis, as in SimCLR's batch
///    study, or set per [[block]]), it takes the epochs, lr_steps and warmup_epochs of the first
///    run in plan order that trains them;
///  - seeded: one run per seed; else one run, at the first seed (nothing to draw).
/// Every other section is at its default. eval.knn_every and eval.knn_random_init are left at
/// their defaults in a baseline that does not train (it evaluates once). The plan's dir is `<results>/baselines`, its runs' states
/// read from there. Throws ContraError as plan_sweep does.
SweepPlan plan_baselines(const SweepPlan& plan);

/// For a sweep's --rerun: sets aside (sweep/local_launcher.h set_aside_records) the records of
/// `baselines` that another commit of contra recorded (their git_sha is not this binary's), and
/// reads the states again, so that they are trained again; those this commit recorded (by an
/// earlier sweep of the same regeneration) stay, shared.
void refresh_stale_baselines(SweepPlan& baselines);

}  // namespace contra::sweep

// [report] of a sweep TOML: how `contra report` turns a sweep's runs into a table beside a paper's
// numbers (DESIGN.md, "Config").
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace contra::config {

namespace names {
/// The report layouts (report.kind); report/report.cpp holds one builder per name (a test checks it).
inline const std::vector<std::string> kReportKinds = {"ablation", "grid", "cost", "curves"};
/// The /summary attributes a report's x may name ("summary.K"): those every run records when it
/// starts (train/run_start.cpp writes them; a test trains a run and checks each is there).
inline const std::vector<std::string> kSummaryAxes = {"K",         "negatives",       "negatives_store_bytes",
                                                      "lr_scaled", "steps_per_epoch", "flops_forward_per_image",
                                                      "train_flops_per_step"};
/// Every /summary attribute a run may record (train/run_start.cpp and train/trainer.cpp write them;
/// some only where they apply: the linear probe's, loss_scale under fp16, collective_seconds with
/// several ranks on gloo, collective_enqueue_seconds on NCCL). A condition or scale rule's `summary.<name>` must be one of them, so a misspelt
/// name is an error before any run, not a claim made "not testable". A test trains a run and checks
/// that every attribute its record holds is listed.
inline const std::vector<std::string> kSummaryAttributes = {
    "K",           "chance_loss",       "collective_enqueue_seconds", "collective_seconds",
    "embedding_std",          "eval_seconds",
    "final_loss",  "flops_forward_per_image", "images_per_s",   "knn_top1",               "knn_top1_random_init",
    "linear_converged", "linear_grad_max", "linear_iterations", "linear_seconds",         "linear_top1",
    "linear_train_top1", "loss_curve_judged", "loss_fall",      "loss_near_chance",       "loss_rebound",
    "loss_scale",  "lr_scaled",         "negatives",            "negatives_store_bytes",  "peak_memory_bytes",
    "peak_rss_bytes", "seconds_per_step", "skipped_steps",      "steps",                  "steps_per_epoch",
    "train_flops_per_step", "train_seconds"};
/// The largest report.reference_n accepted: a paper's training images (ImageNet-1k: 1 281 167).
inline constexpr double kMaxReferenceN = 1e9;
}  // namespace names

/// [report]: how `contra report` turns the runs into a table beside a paper's numbers.
struct ReportSpec {
  /// ablation (rows by x, grouped by series) | grid (x rows, series columns) | cost | curves (the
  /// ablation table, and pretext accuracy and kNN per epoch as the figure)
  std::string kind = "ablation";
  std::string title;             ///< the table's title
  std::string reference;         ///< "<file>.<table>" in analysis/references, e.g. "<paper>.momentum_ablation"
  std::string reference_x;       ///< the reference column matched against x, e.g. "momentum"
  std::string reference_y;       ///< the reference column with the paper's numbers, e.g. "top1" (2-D: one row per x)
  std::string reference_series;  ///< 2-D reference: the column listing the series values, e.g. "epochs"
  std::map<std::string, std::string> reference_columns;  ///< series value -> reference column (e.g. mlp -> "mlp_head")
  std::string x;                    ///< the row axis: a config key ("method.momentum"), "summary.<attr>" ("summary.K")
                                    ///< or "label" (the zip labels); default: the sweep's first axis, else run.seed
  std::string x_label;              ///< the column header of x, e.g. "m"
  std::string series;               ///< optional: the axis whose values give separate groups/lines, e.g. "method.name"
  std::string series_label;         ///< its column header
  bool log_x = false;               ///< figure: x on a log axis, ticks at the swept values
  bool categorical_x = false;       ///< figure: one evenly spaced position per x value, also with a series
                                    ///< (without a series x is always categorical), e.g. m = 0 … 0.9999
  std::string metric = "knn_top1";  ///< the /summary attribute measured
  /// optional: a published per-epoch kNN curve, analysis/references/<name>.csv (config/reference_curve.h),
  /// drawn beside each row's kNN per epoch, e.g. "moco_cifar10_demo_knn"
  std::string epoch_reference;
  std::vector<std::string> epoch_reference_presets;  ///< the presets whose setting that curve is of (required with it)
  /// judge the cited table's claims (config/claims.h) under the table; false for a sweep that covers
  /// only part of the paper's table (a claim naming a row the table lacks is otherwise an error)
  bool claims = true;
  /// > 0 when x is carried over from the paper relative to the training-set size (sweeps state the
  /// rule, e.g. K = K_paper·n/n_paper as a power of two): the paper's training images, n_paper. A
  /// row's paper value is then read at x·n_paper/n (n: the row's own train_images), at the paper x
  /// nearest it within a factor √2; 0 reads it at x itself.
  double reference_n = 0;
  /// A recipe study's selection rule (docs/recipe.md; report/tables/objective.h): "" for none, or
  /// "mean_over_series": each x (a candidate recipe) scores the mean over the series (mechanisms)
  /// of its rows' mean metric; it is eligible when every series' row learns (its mean metric above
  /// its runs' mean knn_top1_random_init) and its mean cost per run is at most objective_cost_ratio
  /// times that of x = objective_cost_x; the eligible x with the highest score is chosen.
  std::string objective;
  std::string objective_cost_x;       ///< the x (its text, or its label) whose cost bounds the others
  double objective_cost_ratio = 1.25; ///< >= 1
  /// Where each key of [report] was set ("file:line"); not a key. at() reads it.
  std::map<std::string, std::string> origins;

  /// The header of x in tables and figures: x_label, or x itself when no label was written.
  const std::string& x_header() const { return x_label.empty() ? x : x_label; }
  /// The header of the series: series_label, or series itself when no label was written.
  const std::string& series_header() const { return series_label.empty() ? series : series_label; }

  /// "file:line" of [report] `key` ("report.x"), or `file` when the key was not written there.
  std::string at(const std::string& key, const std::string& file) const {
    const auto it = origins.find(key);
    return it != origins.end() ? it->second : file;
  }

  /// Its keys, once: the sweep reader reads [report] through this (as Experiment::visit).
  template <class V>
  void visit(V& v) {
    v("kind", kind);
    v("title", title);
    v("reference", reference);
    v("reference_x", reference_x);
    v("reference_y", reference_y);
    v("reference_series", reference_series);
    v("reference_columns", reference_columns);
    v("x", x);
    v("x_label", x_label);
    v("series", series);
    v("series_label", series_label);
    v("log_x", log_x);
    v("categorical_x", categorical_x);
    v("metric", metric);
    v("epoch_reference", epoch_reference);
    v("epoch_reference_presets", epoch_reference_presets);
    v("claims", claims);
    v("reference_n", reference_n);
    v("objective", objective);
    v("objective_cost_x", objective_cost_x);
    v("objective_cost_ratio", objective_cost_ratio);
  }
};

/// The checks of [report] that need no runs: a known kind, x and series not empty when written, a
/// summary x every run records, categorical_x without log_x, an epoch reference with its presets
/// (each one of `presets`) and a plain name, reference_n a whole number in range, an objective
/// with x = 'label', its series, its cost x and a cost ratio >= 1 (the three objective keys
/// together or none). `file` names the
/// sweep for keys not written. Throws ContraError naming "file:line" and the key.
void check_report(const ReportSpec& report, const std::set<std::string>& presets, const std::string& file);

}  // namespace contra::config

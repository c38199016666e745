// Reading a sweep's run records for reporting. Only finished records (<id>.h5) are read; a
// .partial file is an unfinished run and is never reported as a result.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/store/run_record.h"

namespace contra::report {

struct RunSummary {
  std::filesystem::path file;
  std::string id;
  std::string status;  ///< complete | fail | error
  std::string reason;
  std::int64_t seed = 0;
  std::string config;             ///< the resolved config text
  config::Experiment experiment;  ///< the same, parsed
  store::Attributes attributes;
  store::Attributes axes;
  store::Attributes summary;
  store::Columns epochs;  ///< the /epochs columns (loss, knn_top1, pretext_acc, ...)
  std::string label;      ///< the planned point's zip label, set by report::group_runs; "" otherwise
  /// The fail rule as it stands (train/failure.h), read again from the record so that records
  /// written under an earlier rule are judged by today's: a non-finite loss or collapse as
  /// recorded, or a loss curve (/steps/loss) that does not converge (train/loss_curve.h). A run
  /// recorded `fail` under rule 1 only for a loss near chance is not a fail under it.
  bool failed = false;
  std::string fail_reason;  ///< why `failed`, one line; "" otherwise
  /// The "did not learn" flag's loss half: a last-epoch loss within 10% of chance
  /// (train::loss_near_chance), from /summary final_loss and chance_loss; false where either is absent.
  bool loss_near_chance = false;

  /// A /summary value as a number, NaN when absent.
  double metric(const std::string& key) const;
  /// An /axes value as text ("0.99"), empty when absent.
  std::string axis_text(const std::string& key) const;
  /// The last value of an /epochs column, NaN when absent or empty.
  double last_epoch(const std::string& key) const;
  /// A root attribute as text, empty when absent.
  std::string attribute_text(const std::string& key) const;
  /// Seconds from started_at to ended_at (root attributes, whole UTC seconds), NaN when either is
  /// absent or not a UTC time. A resumed run's started_at is its first attempt's.
  double wall_seconds() const;
};

/// Reads one run file. Throws ContraError naming the file when it cannot be read, its status is
/// not complete, fail or error, or its recorded config no longer parses.
RunSummary read_summary(const std::filesystem::path& file);

}  // namespace contra::report

#include "contra/store/stored_config.h"

#include "contra/core/error.h"
#include "contra/methods/registry.h"

namespace contra::store {

std::int64_t run_id_version(const RunRecord& record, const std::string& what) {
  if (record.attributes.count(kRunIdVersionAttribute) == 0) return 1;
  return get_int(record.attributes, kRunIdVersionAttribute, what);
}

config::Experiment stored_experiment(const RunRecord& record, const std::string& what) {
  const std::string text = get_string(record.attributes, "config", what);
  const auto mode = run_id_version(record, what) < 2 ? config::ReadMode::flat_v1 : config::ReadMode::file;
  try {
    return methods::parse_experiment(text, what + " (its stored config)", {}, mode);
  } catch (const core::ContraError& e) {
    core::fail("{}: today's contra cannot read the record's stored config: {}", what, e.what());
  }
}

}  // namespace contra::store

#include "contra/config/run_id.h"

#include <fmt/format.h>

#include <algorithm>

#include "contra/config/load.h"
#include "contra/core/hash.h"

namespace contra::config {

namespace {

std::string tagged(double v) { return fmt::format("f:{}", v == 0.0 ? 0.0 : v); }  // -0.0 is 0.0
std::string tagged(std::int64_t v) { return fmt::format("i:{}", v); }
std::string tagged(bool v) { return v ? "b:true" : "b:false"; }
std::string tagged(const std::string& v) { return fmt::format("s{}:{}", v.size(), v); }
template <class T>
std::string tagged(const std::vector<T>& values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + tagged(values[i]);
  return out + "]";
}

}  // namespace

std::string run_id_text(const Experiment& exp) {
  auto entries = key_entries(exp);
  std::sort(entries.begin(), entries.end(), [](const KeyEntry& a, const KeyEntry& b) { return a.key < b.key; });
  std::string text = fmt::format("contra run id v{}\n", kRunIdVersion);
  for (const auto& e : entries) {
    if (e.flags & kExecution) continue;
    if (e.flags & kAddedLater) {
      const auto d = exp.defaults.find(e.key);
      if (d != exp.defaults.end() && d->second == e.value) continue;
    }
    text += e.key + "=" + std::visit([](const auto& v) { return tagged(v); }, e.value) + "\n";
  }
  return text;
}

std::string run_id(const Experiment& exp) { return core::short_hash(run_id_text(exp)); }

}  // namespace contra::config

// Run ids version 1 (config/run_id.h, run_id_v1), kept as it was so that a record of that scheme
// can be checked against its own id before it is re-indexed. Do not change it: the ids it computes
// are the ones such records were written under.
#include <string>
#include <utility>

#include "contra/config/run_id.h"
#include "contra/config/toml_io.h"
#include "contra/core/hash.h"

namespace contra::config {

namespace {

/// The value at "section.key" of `doc`, or nullptr.
const toml::node* at(const toml::table& doc, const std::string& section, const std::string& key) {
  const auto* t = doc.get_as<toml::table>(section);
  return t == nullptr ? nullptr : t->get(key);
}

void erase(toml::table& doc, const std::string& section, const std::string& key) {
  auto* t = doc.get_as<toml::table>(section);
  if (t == nullptr) return;
  t->erase(key);
  if (t->empty()) doc.erase(section);
}

}  // namespace

std::string run_id_v1(std::string_view text, const Schema& schema) {
  toml::table doc = detail::parse_text(text, "a run-id v1 config");
  // Version 1's lists of keys left out of the id.
  const std::pair<const char*, const char*> execution[] = {{"train", "checkpoint_every"}, {"run", "deterministic"},
                                                          {"run", "dist_backend"},        {"run", "dist_timeout_s"},
                                                          {"data", "verify"},              {"method", "allow_own_keys"}};
  std::vector<std::pair<std::string, std::string>> left_out(std::begin(execution), std::end(execution));
  const std::tuple<const char*, const char*, Value> unless_default[] = {{"run", "precision", Value(std::string("fp32"))},
                                                                        {"data", "label_kind", Value(std::string("fine"))},
                                                                        {"data", "train_split", Value(std::string("train"))},
                                                                        {"data", "image_size", Value(std::int64_t{0})}};
  for (const auto& [section, key, value] : unless_default) {
    const toml::node* node = at(doc, section, key);
    if (node != nullptr && detail::value_of_node(*node) == value) left_out.emplace_back(section, key);
  }
  std::string recipe;
  if (const toml::node* node = at(doc, "augment", "recipe")) (void)detail::read_value(*node, recipe);
  for (const auto& r : schema.recipes) {
    if (r.name != recipe && std::find(r.former_names.begin(), r.former_names.end(), recipe) == r.former_names.end())
      continue;
    AugmentOptions a;
    r.apply(a);
    const std::pair<const char*, double> colour[] = {
        {"saturation", a.saturation}, {"hue", a.hue}, {"grayscale_prob", a.grayscale_prob}};
    for (const auto& [key, value] : colour) {
      const toml::node* node = at(doc, "augment", key);
      double v = 0;
      if (node != nullptr && detail::read_value(*node, v) && v == value) left_out.emplace_back("augment", key);
    }
  }
  for (const auto& [section, key] : left_out) erase(doc, section, key);
  return core::short_hash(detail::print_table(doc));
}

}  // namespace contra::config

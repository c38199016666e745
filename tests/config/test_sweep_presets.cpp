// A sweep's presets as folder names and as one value per key: a preset name that would leave the
// results folder, a key written twice ("a.b" and a.b), presets without the default one, and the
// presets that [budget] and [power] name, each refused in one line naming the file and line.
#include <catch2/catch.hpp>

#include <string>

#include "../support/errors.h"
#include "../support/sweep_points.h"
#include "../support/temp_dir.h"
#include "contra/config/sweep.h"

using contra::config::load_sweep;
using contra::testing::message_of;
using contra::testing::sweep_header;
using contra::testing::TempDir;
using contra::testing::write_file;

namespace {

const std::string kGrid = "[grid]\n\"method.momentum\" = [0.9, 0.99]\n";

}  // namespace

TEST_CASE("sweep presets: a preset's name is one folder under the results", "[config]") {
  TempDir dir;
  const auto refused = [&](const std::string& preset) {
    const auto file = write_file(dir / "p.toml", sweep_header() + kGrid + preset + "\ndescription = \"x\"\n");
    return message_of([&] { (void)load_sweep(file); });
  };
  for (const std::string name : {"../../outside", "a/b", " ", ".."})
    CHECK_THAT(refused("[preset.\"" + name + "\"]"),
               Catch::Contains(dir.path().string()) &&
                   Catch::Contains("preset '" + name + "' must be a plain folder name"));
  CHECK_THAT(refused("[preset.\"\"]"), Catch::Contains("preset '' must be a plain folder name"));
  // The default preset's name too, also where the sweep has no presets (the grid runs under it).
  for (const std::string name : {"../x", "", "-rf"}) {
    const auto file = write_file(dir / "d.toml", sweep_header() + "default_preset = \"" + name + "\"\n" + kGrid);
    CHECK_THAT(message_of([&] { (void)load_sweep(file); }),
               Catch::StartsWith(file + ":2: default_preset = '" + name + "' must be a plain folder name"));
  }
  // A plain name is a preset.
  const auto ok = write_file(dir / "ok.toml", sweep_header() + kGrid + "[preset.cpu]\n[preset.gpu-2]\n");
  CHECK(load_sweep(ok).presets.count("gpu-2") == 1);
}

TEST_CASE("sweep presets: a key written twice in a preset is refused, not the last one taken", "[config]") {
  TempDir dir;
  const auto refused = [&](const std::string& preset) {
    const auto file = write_file(dir / "p.toml", sweep_header() + kGrid + "[preset.cpu]\n" + preset);
    return message_of([&] { (void)load_sweep(file); });
  };
  CHECK_THAT(refused("\"optim.epochs\" = 1\noptim.epochs = 2\n"),
             Catch::Contains("p.toml:") && Catch::Contains("'optim.epochs' is set twice in [preset.cpu] (also at"));
  CHECK_THAT(refused("[preset.cpu.grid]\n\"method.momentum\" = [0.9]\nmethod.momentum = [0.99]\n"),
             Catch::Contains("'grid.method.momentum' is set twice in [preset.cpu]"));
  // An axis of a [[zip]] is not replaced one axis at a time.
  const auto zip = write_file(dir / "z.toml", sweep_header() +
                                                  "[[zip]]\n\"optim.batch\" = [64, 128]\n\"optim.lr\" = [0.1, 0.2]\n"
                                                  "[preset.cpu.grid]\n\"optim.batch\" = [64]\n");
  CHECK_THAT(message_of([&] { (void)load_sweep(zip); }),
             Catch::Contains("z.toml:") && Catch::Contains("replaces 'optim.batch', an axis of a [[zip]]"));
  const auto label = write_file(dir / "l.toml", sweep_header() +
                                                    "[[zip]]\n\"optim.batch\" = [64, 128]\nlabel = [\"a\", \"b\"]\n"
                                                    "[preset.cpu.grid]\nlabel = [\"a\"]\n");
  CHECK_THAT(message_of([&] { (void)load_sweep(label); }),
             Catch::Contains("l.toml:") && Catch::Contains("replaces 'label', which names a [[zip]]'s points"));
}

TEST_CASE("sweep presets: presets without the default one, and presets a rule names, are checked", "[config]") {
  TempDir dir;
  // Presets, none named cpu and no default_preset: a plain run would take the bare grid.
  const auto none = write_file(dir / "n.toml", sweep_header() + kGrid + "[preset.big]\ndescription = \"b\"\n");
  CHECK_THAT(message_of([&] { (void)load_sweep(none); }),
             Catch::StartsWith(none + ": the sweep has presets but none named 'cpu' and no default_preset") &&
                 Catch::EndsWith("presets: big"));
  const auto named = write_file(dir / "m.toml", sweep_header() + "default_preset = \"big\"\n" + kGrid +
                                                    "[preset.big]\ndescription = \"b\"\n");
  CHECK(load_sweep(named).default_preset == "big");
  // [budget] and [power] name a preset the sweep lacks: the line of their presets key, and the presets there are.
  const std::string budget = "[budget]\nminutes = 30\nfit = \"x\"\n\npresets = [\"gpu\"]\n";
  const auto b = write_file(dir / "b.toml", sweep_header() + kGrid + "[preset.cpu]\n" + budget);
  CHECK_THAT(message_of([&] { (void)load_sweep(b); }),
             Catch::StartsWith(b + ":9:") &&
                 Catch::Contains("budget: presets names 'gpu', which the sweep does not define; presets: cpu"));
  const std::string power = "[power]\ndetect = 1.0\nsd = 0.5\nsd_from = \"a pilot\"\npresets = [\"cpu\", \"big\"]\n";
  const auto p = write_file(dir / "w.toml", sweep_header() + kGrid + "[preset.cpu]\n" + power);
  CHECK_THAT(message_of([&] { (void)load_sweep(p); }),
             Catch::StartsWith(p + ":9:") && Catch::Contains("power: presets names 'big'"));
}

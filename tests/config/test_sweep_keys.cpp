// A sweep never drops one of two values it was given for a key (config/sweep.h): a key set twice
// among the axes, in a block and an axis, in [fixed] and an axis, or in [fixed] and every block,
// and an axis listing one number twice (0 and 0.0 set a real-valued key alike), are one-line
// errors naming both places.
#include <catch2/catch.hpp>

#include <string>

#include "../support/errors.h"
#include "../support/sweep_points.h"
#include "../support/temp_dir.h"
#include "contra/config/sweep.h"

using namespace contra::testing;  // message_of, sweep_header, TempDir, write_file, check_errors

namespace {

std::string error_of(const std::string& body) {
  TempDir dir;
  const auto file = write_file(dir / "s.toml", sweep_header() + body);
  return message_of([&] { (void)contra::config::load_sweep(file); });
}

}  // namespace

TEST_CASE("sweep keys: a key set twice where one value would be dropped is refused, naming both places", "[config]") {
  // A dotted and a quoted spelling of one key.
  CHECK_THAT(error_of("[grid]\n\"method.queue\" = [64, 128]\nmethod.queue = [256]\n"),
             Catch::Contains("'method.queue' is set twice among the sweep's axes (also at") && Catch::Contains("s.toml:"));
  contra::testing::check_errors(error_of, {
      // A block's value against a global axis, and within one block.
      {"[grid]\n\"method.temperature\" = [0.1, 0.2]\n[[block]]\n\"method.name\" = [\"moco\"]\n\"method.temperature\" = 0.5\n",
       "'method.temperature' is set twice in a [[block]] and a sweep axis"},
      {"[[block]]\n\"method.queue\" = [64]\n[[block.zip]]\n\"method.queue\" = [1, 2]\n\"optim.batch\" = [64, 128]\n",
       "'method.queue' is set twice in one [[block]]"},
      // [fixed] against an axis, and against every block.
      {"[fixed]\n\"method.queue\" = 1024\n[grid]\n\"method.queue\" = [64]\n",
       "'method.queue' is in [fixed] and a sweep axis"},
      {"[fixed]\n\"optim.lr\" = 0.1\n[[block]]\n\"method.queue\" = [64]\n\"optim.lr\" = 0.2\n",
       "'optim.lr' is in [fixed] and every [[block]] sets it"},
      // One number twice, as an integer and a real.
      {"[grid]\n\"method.momentum\" = [0, 0.0]\n", "axis 'method.momentum' lists the value 0 twice"},
  });
  // Allowed: [fixed] for the blocks that do not set the key themselves.
  TempDir dir;
  CHECK_NOTHROW(contra::config::load_sweep(write_file(
      dir / "ok.toml", sweep_header() + "[fixed]\n\"optim.lr\" = 0.1\n[[block]]\n\"method.queue\" = [64]\n"
                                        "\"optim.lr\" = 0.2\n[[block]]\n\"method.queue\" = [128]\n")));
}

TEST_CASE("sweep keys: a preset grid's values are named by the preset in an override's origin", "[config]") {
  TempDir dir;
  const auto file = write_file(dir / "p.toml", sweep_header() + "[grid]\n\"method.queue\" = [64]\n"
                                                                "[preset.cpu]\n[preset.cpu.grid]\n\"method.queue\" = [128]\n");
  const auto points = contra::config::expand(contra::config::load_sweep(file), "cpu");
  REQUIRE(points.size() == 1);
  bool found = false;
  for (const auto& o : points[0].overrides)
    if (o.key == "method.queue") {
      found = true;
      CHECK_THAT(o.origin, Catch::Contains("p.toml:6 ([preset.cpu.grid] method.queue) = 128"));
    }
  CHECK(found);
}

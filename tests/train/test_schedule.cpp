// The learning-rate schedules (train/schedule.h): cosine, step and linear warm-up.
#include <catch2/catch.hpp>

#include "contra/config/experiment.h"
#include "contra/train/schedule.h"

using contra::train::learning_rate;

TEST_CASE("learning_rate: cosine starts at lr and ends near 0", "[train]") {
  contra::config::OptimOptions o;
  o.schedule = contra::config::Schedule::cosine;
  o.lr = 0.06;
  o.epochs = 10;
  o.warmup_epochs = 0;
  const std::int64_t spe = 20, total = 200;
  CHECK(learning_rate(o, 0, spe) == Approx(0.06));
  CHECK(learning_rate(o, total / 2, spe) == Approx(0.03));
  CHECK(learning_rate(o, total - 1, spe) < 1e-3 * 0.06);
  CHECK(learning_rate(o, total - 1, spe) >= 0.0);
  double previous = learning_rate(o, 0, spe);
  for (std::int64_t s = 1; s < total; ++s) {
    const double lr = learning_rate(o, s, spe);
    CHECK(lr <= previous);
    previous = lr;
  }
}

TEST_CASE("learning_rate: step schedule multiplies by gamma at the milestones", "[train]") {
  contra::config::OptimOptions o;
  o.schedule = contra::config::Schedule::step;
  o.lr = 0.03;
  o.epochs = 6;
  o.lr_steps = {2, 4};
  o.lr_gamma = 0.1;
  const std::int64_t spe = 10;
  CHECK(learning_rate(o, 0, spe) == Approx(0.03));
  CHECK(learning_rate(o, 19, spe) == Approx(0.03));   // epoch 1
  CHECK(learning_rate(o, 20, spe) == Approx(0.003));  // epoch 2
  CHECK(learning_rate(o, 39, spe) == Approx(0.003));
  CHECK(learning_rate(o, 40, spe) == Approx(0.0003));  // epoch 4
  CHECK(learning_rate(o, 59, spe) == Approx(0.0003));
}

TEST_CASE("learning_rate: warm-up ramps linearly to lr, then the schedule starts", "[train]") {
  contra::config::OptimOptions o;
  o.schedule = contra::config::Schedule::cosine;
  o.lr = 0.1;
  o.epochs = 10;
  o.warmup_epochs = 2;
  const std::int64_t spe = 5;  // 10 warm-up steps
  for (std::int64_t s = 0; s < 10; ++s)
    CHECK(learning_rate(o, s, spe) == Approx(0.1 * static_cast<double>(s + 1) / 10.0));
  CHECK(learning_rate(o, 10, spe) == Approx(0.1));  // cosine starts at lr after warm-up
  CHECK(learning_rate(o, 49, spe) < 0.01 * 0.1);
  o.schedule = contra::config::Schedule::step;
  o.lr_steps = {5};
  CHECK(learning_rate(o, 0, spe) == Approx(0.01));
  CHECK(learning_rate(o, 10, spe) == Approx(0.1));
  CHECK(learning_rate(o, 25, spe) == Approx(0.01));  // epoch 5: ×0.1
}

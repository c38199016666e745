# Thin wrapper over CMake and the contra CLI. Every target that builds first runs the setup step,
# which installs the missing Debian packages (apt-get, as root) and does nothing when all are there.
# The default dataset is Fashion-MNIST from Debian's dataset-fashion-mnist.
#
#   make ablation-momentum   regenerate the MoCo momentum table (results/ablation-momentum/cpu/)
#   make ablation-temperature, ablation-temperature-simclr, ablation-v2, ablation-shufflebn,
#        ablation-nce, ablation-mechanism, ablation-batch, cost-accuracy   the other ablations, one table each (see below)
#   make ablations           every ablation, then the index results/README.md
#   make recipe              the cpu preset's recipe study, on the validation split (sweeps/recipe.toml)
#   make regenerate          every result again from this (clean) commit; resumable (see below)
#   make reports             every table, figure and the index again from the recorded runs, no training
#   make cli                 build the contra CLI alone (what the ablation, report and index targets need)
#   make test                build and run the test suite
#   make test-asan           build the tests and the CLI with AddressSanitizer + UBSan into build-asan/
#                            and run them (about 15-25 minutes on 2 cores, most of it the build)
#   make build-torch2        install PyTorch's LibTorch 2.x (torch==2.14.1, CUDA build) into .cache/torch2
#                            and build everything against it into build-torch2/ (CUDA code included)
#   make test-torch2         the same, then the whole suite on that build (CPU; [cuda] cases Skipped)
#   make bench               build and run the Google Benchmark binaries
#   make format              apply .clang-format to the C++ sources
#
# Variables: PRESET (cpu), JOBS (runs at once, 2: on 2 cores two 1-thread runs finish 1.11x sooner
# than one 2-thread run at a time, bench/README.md), RESUME (set it to keep the runs already recorded instead of
# training them again), BUILD_DIR (build), BUILD_TYPE (Release), CONTRA_WERROR (OFF; ON makes a warning
# in contra's own code an error: .ci/run sets it), CMAKE_ARGS (more -D options for cmake). A change to
# BUILD_TYPE, CONTRA_WERROR or CMAKE_ARGS configures the build folder again.

BUILD_DIR  ?= build
BUILD_TYPE ?= Release
CONTRA_WERROR ?= OFF
CMAKE_ARGS ?=
PRESET     ?= cpu
JOBS       ?= 2
NPROC      := $(shell nproc 2>/dev/null || echo 2)
CONTRA     := $(BUILD_DIR)/bin/contra
# A sweep exits with 3 when some runs were recorded as fail (diverged or collapsed): those are
# results, shown in the table, so the target still succeeds; any other non-zero code stops make.
SWEEP       = $(CONTRA) sweep $(1) --preset $(PRESET) --jobs $(JOBS) $(if $(RESUME),,--rerun) || [ $$? -eq 3 ]

export CCACHE_SLOPPINESS := pch_defines,time_macros,include_file_mtime,include_file_ctime
export CCACHE_BASEDIR := $(CURDIR)

.PHONY: all setup configure build cli precision-fidelity recipe test test-asan build-torch2 test-torch2 bench ablation-momentum report-momentum ablation-mechanism ablation-batch \
        cost-accuracy ablation-temperature ablation-temperature-simclr ablation-v2 ablation-shufflebn ablation-nce ablations reports index \
        regenerate budget-check format clean bitflip

all: build

setup:
	@bash scripts/setup.sh

# cmake runs when the build folder is new or its options changed (recorded in .contra-cmake-args).
CONFIGURE_ARGS = -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DCONTRA_WERROR=$(CONTRA_WERROR) $(CMAKE_ARGS)
configure: setup
	@if [ ! -f $(BUILD_DIR)/CMakeCache.txt ] || [ "$$(cat $(BUILD_DIR)/.contra-cmake-args 2>/dev/null)" != "$(strip $(CONFIGURE_ARGS))" ]; then \
	  echo cmake -S . -B $(BUILD_DIR) $(CONFIGURE_ARGS) && cmake -S . -B $(BUILD_DIR) $(CONFIGURE_ARGS) && \
	  echo "$(strip $(CONFIGURE_ARGS))" > $(BUILD_DIR)/.contra-cmake-args; fi

build: configure
	cmake --build $(BUILD_DIR) -j $(NPROC)

# The CLI alone (bin/contra): what the ablation, report and index targets run, without the tests and
# benchmarks `build` also compiles (about half of a first build's time).
cli: configure
	cmake --build $(BUILD_DIR) -j $(NPROC) --target contra_cli

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(NPROC)

# The tests, and the CLI the e2e tests call, with AddressSanitizer and UBSan (leak detection on), in
# their own build folder: $(MAKE) test there, so the same configure rule applies. LibTorch is not
# instrumented; tests/sanitizers/lsan.supp holds the leak suppressions for its libraries (none
# needed so far). ASan and LSan write their findings in every process to $(ASAN_DIR)/sanitizer-logs/,
# so one in a CLI run whose exit code a test accepts fails the target too; UBSan (which ignores
# log_path beside ASan) prints to stderr and stops the process with exit code 1, failing its test.
ASAN_DIR    ?= build-asan
SANITIZER_LOGS = $(CURDIR)/$(ASAN_DIR)/sanitizer-logs
test-asan:
	rm -rf $(SANITIZER_LOGS) && mkdir -p $(SANITIZER_LOGS)
	ASAN_OPTIONS=detect_leaks=1:check_initialization_order=1:strict_init_order=1:detect_stack_use_after_return=1:log_path=$(SANITIZER_LOGS)/asan \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/sanitizers/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(MAKE) test BUILD_DIR=$(ASAN_DIR) BUILD_TYPE=RelWithDebInfo CONTRA_WERROR=OFF \
	    CMAKE_ARGS="-DCONTRA_SANITIZE=address,undefined -DCONTRA_ENABLE_BENCH=OFF"; \
	  rc=$$?; if [ -n "$$(ls -A $(SANITIZER_LOGS))" ]; then cat $(SANITIZER_LOGS)/*; \
	  echo "test-asan: sanitizer findings above (files in $(SANITIZER_LOGS))"; exit 1; fi; exit $$rc

# LibTorch 2.x beside Debian's 1.13 (scripts/setup.sh torch2; scripts/torch-cmake-args.sh says which
# cmake arguments point the build at the venv's torch, CUDA toolkit and NVRTC). The same configure
# rule in its own build folder; CMAKE_ARGS adds to those arguments.
TORCH2_VENV ?= .cache/torch2
TORCH2_DIR  ?= build-torch2
build-torch2:
	CONTRA_TORCH2_VENV=$(abspath $(TORCH2_VENV)) bash scripts/setup.sh torch2
	args=$$(bash scripts/torch-cmake-args.sh $(TORCH2_VENV)/bin/python) && \
	  $(MAKE) build BUILD_DIR=$(TORCH2_DIR) CMAKE_ARGS="$$args $(CMAKE_ARGS)"

test-torch2: build-torch2
	cd $(TORCH2_DIR) && ctest --output-on-failure -j $(NPROC)

# Every benchmark, the side-by-side run against the PyTorch reference, and the build and test times;
# writes the figures into bench/README.md (about 20 minutes on 2 cores).
bench:
	bash scripts/setup.sh bench
	$(MAKE) build
	bash scripts/bench.sh $(BUILD_DIR)

# Records that cannot change silently (store/record_digest.h): the quick start's run (README), then
# 500 single-bit flips of its record, each printed by `contra inspect` as the original or refused
# (scripts/bitflip.py; about 5 minutes). FLIPS=n for another count.
FLIPS ?= 500
bitflip: cli
	rm -rf $(BUILD_DIR)/bitflip
	$(BUILD_DIR)/bin/contra train experiments/moco-fashion-mnist.toml --quiet --out $(BUILD_DIR)/bitflip \
	  --set data.train_subset=10000 --set optim.epochs=2
	python3 scripts/bitflip.py $(BUILD_DIR)/bitflip/*.h5 --flips $(FLIPS) --contra $(BUILD_DIR)/bin/contra

# The main job: MoCo v1 §4.1 momentum ablation, measured on Fashion-MNIST. It trains every run again
# (the old records are set aside as *.h5.previous first); RESUME=1 keeps the runs already recorded.
ablation-momentum: cli
	$(call SWEEP,sweeps/ablation-momentum.toml)

# The suite's own study, written before its runs: bf16 against fp32 on the momentum table's rows
# (bench/fidelity/precision-fidelity.toml; bench/README.md, "Precision on the CPU"), about 45 minutes.
precision-fidelity: cli
	$(call SWEEP,bench/fidelity/precision-fidelity.toml)

# The cpu preset's recipe, chosen on the validation split by the rule written in the sweep before
# its runs (sweeps/recipe.toml; docs/recipe.md), about 70 minutes.
recipe: cli
	$(call SWEEP,sweeps/recipe.toml)

# Rebuild the table from the committed HDF5 records without training.
report-momentum: cli
	$(CONTRA) report sweeps/ablation-momentum.toml --preset $(PRESET)

# One sweep file per target, sweeps/<target>.toml; the same RESUME and JOBS rules:
#   ablation-mechanism   MoCo v1 Fig. 3: three mechanisms against K
#   ablation-batch       SimCLR Fig. 9: batch x epochs
#   cost-accuracy        cost against accuracy beside MoCo v2 Table 3
#   ablation-v2          MoCo v2 Table 1: v1, +MLP, +aug+, +MLP+aug+, +cos
#   ablation-shufflebn   MoCo v1 §3.3 / Fig. A.1: plain BN, SplitBN without and with shuffling, per epoch
#   ablation-nce         InstDisc Table 1: the memory bank with NCE against InfoNCE, by m
#   ablation-temperature          MoCo v2 §2: τ with and without the MLP head
#   ablation-temperature-simclr   SimCLR Table 5: τ with and without ℓ2 norm
ablation-mechanism ablation-batch cost-accuracy ablation-v2 ablation-shufflebn ablation-nce ablation-temperature ablation-temperature-simclr: cli
	$(call SWEEP,sweeps/$@.toml)

SWEEPS := ablation-momentum ablation-mechanism ablation-batch cost-accuracy ablation-temperature \
          ablation-temperature-simclr ablation-v2 ablation-shufflebn ablation-nce

# The studies that choose the suite's own settings (their tables stand beside the ablations').
STUDIES := recipe

# results/README.md: one entry per sweep (what it shows, its files, how many runs are recorded).
index: cli
	$(CONTRA) index $(foreach s,$(STUDIES) $(SWEEPS),sweeps/$(s).toml) --preset $(PRESET) --out results/README.md

# Every table and figure again from the committed HDF5 records, without training; then the index.
reports: cli
	$(foreach s,$(STUDIES) $(SWEEPS),$(CONTRA) report sweeps/$(s).toml --preset $(PRESET) &&) true
	$(MAKE) index

# Every ablation (about 4.5 hours on 2 cores with the cpu preset, by the estimates in each sweep's [budget]), then the index.
ablations: ablation-momentum ablation-mechanism ablation-batch cost-accuracy ablation-temperature \
           ablation-temperature-simclr ablation-v2 ablation-shufflebn ablation-nce
	$(MAKE) index

# Would each table fit its [budget] on this machine? A 300-step calibration of the cpu preset's MoCo
# step, 2 runs side by side, against the speed the budgets' fits were worked out at (scripts/budget-check.sh;
# about 30 s). Exit 1 when a table would go over.
budget-check: cli
	bash scripts/budget-check.sh $(CONTRA)

# Every result again from one commit. It first checks that this machine fits every table in its
# budget (make budget-check; FORCE=1 goes on without it, and the tables say OVER where they are).
# The tree must be clean (a -dirty build is refused), every record another commit wrote is set
# aside as *.h5.previous (scripts/set-aside-stale.sh) and every table trains what is missing with RESUME=1: the recipe study first (about 75 minutes; its rule and
# choice were committed before, at 599af83: its table, printed before any ablation trains, shows
# whether this commit chooses the recipe the presets carry), then the ablations (their budgets: 30
# minutes for the momentum table, 45 for each other; about 4.5 hours in all on 2 cores of the machine
# the fits were worked out on, 2.6 times that on the slowest seen) and the
# precision study (about 45), then the index. Stopped, it resumes where it stopped: a second call
# keeps the records this commit wrote.
regenerate: cli
	$(if $(FORCE),,bash scripts/budget-check.sh $(CONTRA))
	bash scripts/set-aside-stale.sh $(CONTRA) results
	$(MAKE) recipe RESUME=1
	$(MAKE) ablations RESUME=1
	$(MAKE) precision-fidelity RESUME=1
	$(MAKE) index

# Apply .clang-format to every C++ source (clang-format from Debian, installed on first use).
format:
	bash scripts/setup.sh format
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD_DIR)

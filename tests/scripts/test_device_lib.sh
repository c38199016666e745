#!/usr/bin/env bash
# scripts/device-lib.sh, the functions of the one-call GPU check (scripts/device-check.sh): the
# unpacked prefix's libraries reach contra's binaries by their RPATH (nothing sets
# LD_LIBRARY_PATH), and a torch probe that finds no GPU, or no torch, says why and fails. Usage: test_device_lib.sh <repository root>.
set -u
root=${1:?usage: test_device_lib.sh <repository root>}
. "$root/scripts/device-lib.sh"
fails=0
check() {  # check DESCRIPTION COMMAND...: the command must succeed
  local what=$1
  shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; fails=$((fails + 1)); fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

lib=$tmp/prefix/usr/lib/x86_64-linux-gnu
mapfile -t args < <(prefix_rpath_args "$lib")
check "three cmake arguments" [ "${#args[@]}" = 3 ]
check "the build RPATH holds the prefix's libraries and its HDF5" [ "${args[0]}" = "-DCMAKE_BUILD_RPATH=$lib;$lib/hdf5/serial" ]
check "executables: DT_RPATH (dependencies' dependencies too) and the linker's search" \
  [ "${args[1]}" = "-DCMAKE_EXE_LINKER_FLAGS=-Wl,--disable-new-dtags -Wl,-rpath-link,$lib:$lib/hdf5/serial" ]
check "shared libraries: the same" [ "${args[2]}" = "-DCMAKE_SHARED_LINKER_FLAGS=${args[1]#-DCMAKE_EXE_LINKER_FLAGS=}" ]
mapfile -t args < <(prefix_rpath_args "/opt/a b")
check "a folder with a space stays one argument" [ "${args[0]}" = "-DCMAKE_BUILD_RPATH=/opt/a b;/opt/a b/hdf5/serial" ]

# A python whose torch sees no GPU, one that sees two, and one without torch.
fake() {  # fake NAME EXIT OUT [ERR]: a "python" that prints OUT, and ERR on stderr, and exits with EXIT
  printf '#!/bin/sh\necho "%s"\n[ -z "%s" ] || echo "%s" >&2\nexit %s\n' "$3" "${4:-}" "${4:-}" "$2" >"$tmp/$1"
  chmod +x "$tmp/$1"
}
fake nogpu 3 "torch 2.14.1 CUDA 12.8 devices 0" "UserWarning: CUDA initialization: no driver"
fake twogpus 0 "torch 2.14.1 CUDA 12.8 devices 2"
fake notorch 1 "" "ModuleNotFoundError: No module named 'torch'"
fake crashed 134 "" "Fatal Python error: Segmentation fault"
said=$(cuda_probe "$tmp/nogpu"); rc=$?
check "no GPU: the probe fails with 1" [ "$rc" = 1 ]
check "no GPU: it says so" [ "$said" = "no CUDA device: torch 2.14.1 CUDA 12.8 devices 0" ]
said=$(cuda_probe "$tmp/twogpus"); rc=$?
check "two GPUs: the probe passes" [ "$rc" = 0 ]
check "two GPUs: it names them" [ "$said" = "torch 2.14.1 CUDA 12.8 devices 2" ]
said=$(cuda_probe "$tmp/notorch"); rc=$?
check "no torch: the probe fails with 2" [ "$rc" = 2 ]
check "no torch: it names the python and the error" [ "$said" = "python '$tmp/notorch' cannot import torch: ModuleNotFoundError: No module named 'torch'" ]
said=$(cuda_probe "$tmp/crashed"); rc=$?
check "a probe that crashes: fails with 2" [ "$rc" = 2 ]
check "a probe that crashes: says how, not 'cannot import torch'" \
  [ "$said" = "python '$tmp/crashed' failed the probe (exit 134): Fatal Python error: Segmentation fault" ]
printf '#!/bin/sh\nsleep 30\n' >"$tmp/hangs" && chmod +x "$tmp/hangs"
said=$(CUDA_PROBE_TIMEOUT_S=1 cuda_probe "$tmp/hangs"); rc=$?
check "a python that hangs: the probe gives up, fails with 2, and says so" \
  [ "$rc:$said" = "2:python '$tmp/hangs' did not answer the probe within 1 s" ]
said=$(cuda_probe "$tmp/missing"); rc=$?
check "a python that is not there: the probe fails with 2" [ "$rc" = 2 ]

# Step 5: on the device a failed probe fails the step (no silent --dry-run); the rehearsal plans.
check "device, no GPU: the step fails" [ "$(gpu_short_mode 0 1)" = fail ]
check "device, no torch: the step fails" [ "$(gpu_short_mode 0 2)" = fail ]
check "device with a GPU: the sweep runs" [ "$(gpu_short_mode 0 0)" = sweep ]
check "rehearsal without a GPU: the plan" [ "$(gpu_short_mode 1 1)" = plan ]
check "rehearsal with a GPU: the plan" [ "$(gpu_short_mode 1 0)" = plan ]
check "device-check.sh sets no LD_LIBRARY_PATH for any command" \
  bash -c "! grep -Eq 'LD_LIBRARY_PATH=|export LD_LIBRARY_PATH|declare -x LD_LIBRARY_PATH' '$root/scripts/device-check.sh'"
[ "$fails" = 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo "all checks passed"

#!/usr/bin/env bash
# scripts/device-lib.sh, the functions of the one-call GPU check (scripts/device-check.sh): the
# unpacked prefix's libraries reach only the command given to with_prefix_libs, and a torch probe
# that finds no GPU, or no torch, says why and fails. Usage: test_device_lib.sh <repository root>.
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

arch_lib=$tmp/prefix/usr/lib/x86_64-linux-gnu
export LD_LIBRARY_PATH=/opt/before
inside=$(with_prefix_libs bash -c 'echo "$LD_LIBRARY_PATH"')
check "the command sees the prefix's libraries first" [ "$inside" = "$arch_lib:$arch_lib/hdf5/serial:/opt/before" ]
check "the caller's LD_LIBRARY_PATH is unchanged after it" [ "$LD_LIBRARY_PATH" = /opt/before ]
after=$(python3 -c 'import os; print(os.environ.get("LD_LIBRARY_PATH", ""))')
check "python3 run after it does not see the prefix" [ "$after" = /opt/before ]
unset LD_LIBRARY_PATH
inside=$(with_prefix_libs bash -c 'echo "$LD_LIBRARY_PATH"')
check "no trailing colon when nothing was set" [ "$inside" = "$arch_lib:$arch_lib/hdf5/serial" ]

# A python whose torch sees no GPU, one that sees two, and one without torch.
fake() {  # fake NAME EXIT LINE: a "python" that prints LINE and exits with EXIT
  printf '#!/bin/sh\necho "%s"\nexit %s\n' "$3" "$2" >"$tmp/$1"
  chmod +x "$tmp/$1"
}
fake nogpu 3 "torch 2.14.1 CUDA 12.8 devices 0"
fake twogpus 0 "torch 2.14.1 CUDA 12.8 devices 2"
fake notorch 1 "ModuleNotFoundError: No module named 'torch'"
said=$(cuda_probe "$tmp/nogpu"); rc=$?
check "no GPU: the probe fails with 1" [ "$rc" = 1 ]
check "no GPU: it says so" [ "$said" = "no CUDA device: torch 2.14.1 CUDA 12.8 devices 0" ]
said=$(cuda_probe "$tmp/twogpus"); rc=$?
check "two GPUs: the probe passes" [ "$rc" = 0 ]
check "two GPUs: it names them" [ "$said" = "torch 2.14.1 CUDA 12.8 devices 2" ]
said=$(cuda_probe "$tmp/notorch"); rc=$?
check "no torch: the probe fails with 2" [ "$rc" = 2 ]
check "no torch: it names the python and the error" [ "$said" = "python '$tmp/notorch' cannot import torch: ModuleNotFoundError: No module named 'torch'" ]
said=$(cuda_probe "$tmp/missing"); rc=$?
check "a python that is not there: the probe fails with 2" [ "$rc" = 2 ]

# Step 5: on the device a failed probe fails the step (no silent --dry-run); the rehearsal plans.
check "device, no GPU: the step fails" [ "$(gpu_short_mode 0 1)" = fail ]
check "device, no torch: the step fails" [ "$(gpu_short_mode 0 2)" = fail ]
check "device with a GPU: the sweep runs" [ "$(gpu_short_mode 0 0)" = sweep ]
check "rehearsal without a GPU: the plan" [ "$(gpu_short_mode 1 1)" = plan ]
check "rehearsal with a GPU: the plan" [ "$(gpu_short_mode 1 0)" = plan ]
check "device-check.sh exports no LD_LIBRARY_PATH to its later commands" \
  bash -c "! grep -Eq '^[[:space:]]*export LD_LIBRARY_PATH' '$root/scripts/device-check.sh'"
[ "$fails" = 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo "all checks passed"

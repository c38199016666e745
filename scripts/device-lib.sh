# Functions of scripts/device-check.sh, sourced by it and by its test (tests/scripts/test_device_lib.sh).

# with_prefix_libs CMD...: CMD with the unpacked .deb prefix's libraries ($arch_lib, and its HDF5)
# first on LD_LIBRARY_PATH. Only contra's own binaries need them; every other command (python3
# above all, whose torch brings its own libraries) runs with the environment as it was.
with_prefix_libs() {
  LD_LIBRARY_PATH="$arch_lib:$arch_lib/hdf5/serial${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$@"
}

# cuda_probe PYTHON: whether PYTHON's torch sees a CUDA device. Prints one line either way (its
# torch and devices, or why not) and returns 0 only with a device: 1 without one, 2 when torch
# does not import.
cuda_probe() {
  local py=$1 said rc
  said=$("$py" -c 'import sys, torch
n = torch.cuda.device_count() if torch.cuda.is_available() else 0
print("torch", torch.__version__, "CUDA", torch.version.cuda, "devices", n)
sys.exit(0 if n > 0 else 3)' 2>&1)
  rc=$?
  case "$rc" in
    0) echo "$said" ;;
    3) echo "no CUDA device: $said"; return 1 ;;
    *) echo "python '$py' cannot import torch: $(echo "$said" | tail -n 1)"; return 2 ;;
  esac
}

# gpu_short_mode REHEARSE PROBE_RC: what step 5 does with cuda_probe's exit code: "plan" in the
# rehearsal (contra sweep --dry-run, whatever the probe said), "fail" on the device when the probe
# found no usable GPU (the step fails, and says why), "sweep" otherwise.
gpu_short_mode() {
  if [ "$1" = 1 ]; then echo plan; elif [ "$2" != 0 ]; then echo fail; else echo sweep; fi
}

# Functions of scripts/device-check.sh, sourced by it and by its test (tests/scripts/test_device_lib.sh).

# prefix_rpath_args LIBDIR: the cmake arguments that let contra's binaries find the unpacked
# prefix's libraries (LIBDIR, and its HDF5 in LIBDIR/hdf5/serial) without LD_LIBRARY_PATH, one per
# line: a build RPATH with both folders, written as DT_RPATH (--disable-new-dtags), which the loader
# also applies to the libraries' own dependencies (libhdf5's libsz), and the same folders for the
# linker's search of those dependencies (-rpath-link). So no other command, python3 above all, ever
# loads the prefix's libraries.
prefix_rpath_args() {
  local lib=$1
  local flags="-Wl,--disable-new-dtags -Wl,-rpath-link,$lib:$lib/hdf5/serial"
  echo "-DCMAKE_BUILD_RPATH=$lib;$lib/hdf5/serial"
  echo "-DCMAKE_EXE_LINKER_FLAGS=$flags"
  echo "-DCMAKE_SHARED_LINKER_FLAGS=$flags"
}

# cuda_probe PYTHON: whether PYTHON's torch sees a CUDA device. Prints one line either way (its
# torch and devices, or why not) and returns 0 only with a device: 1 without one, 2 when torch
# does not import, the probe fails otherwise (the line then gives its exit code and last error) or
# takes longer than CUDA_PROBE_TIMEOUT_S seconds (120).
cuda_probe() {
  local py=$1 said err rc
  err=$(mktemp)
  said=$(timeout "${CUDA_PROBE_TIMEOUT_S:-120}" "$py" -c 'import sys, torch
n = torch.cuda.device_count() if torch.cuda.is_available() else 0
print("torch", torch.__version__, "CUDA", torch.version.cuda, "devices", n)
sys.exit(0 if n > 0 else 3)' 2>"$err")
  rc=$?
  local last
  last=$(grep -v '^[[:space:]]*$' "$err" | tail -n 1)
  rm -f "$err"
  case "$rc" in
    0) echo "$said" ;;
    3) echo "no CUDA device: $said"; return 1 ;;
    124) echo "python '$py' did not answer the probe within ${CUDA_PROBE_TIMEOUT_S:-120} s"; return 2 ;;
    *)
      case "$last" in
        *ModuleNotFoundError* | *ImportError*) echo "python '$py' cannot import torch: $last" ;;
        *) echo "python '$py' failed the probe (exit $rc): ${last:-no message}" ;;
      esac
      return 2
      ;;
  esac
}

# gpu_short_mode REHEARSE PROBE_RC: what step 5 does with cuda_probe's exit code: "plan" in the
# rehearsal (contra sweep --dry-run, whatever the probe said), "fail" on the device when the probe
# found no usable GPU (the step fails, and says why), "sweep" otherwise.
gpu_short_mode() {
  if [ "$1" = 1 ]; then echo plan; elif [ "$2" != 0 ]; then echo fail; else echo sweep; fi
}

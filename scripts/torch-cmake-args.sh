#!/usr/bin/env bash
# Prints, space-separated, the cmake arguments that build contra against the LibTorch inside a
# Python's `torch` package (PyTorch's own LibTorch 2.x: the project's venv from
# `scripts/setup.sh torch2`, or the torch of a lent GPU machine).
# Usage: scripts/torch-cmake-args.sh PYTHON
#
#  - CMAKE_PREFIX_PATH is the torch package folder itself, so CMake finds its TorchConfig.cmake
#    (under share/cmake) and its libraries (under lib) before any system LibTorch (Debian's 1.13 in
#    /usr would otherwise win the search for libtorch.so).
#  - A CUDA build of torch makes its CMake config look for a CUDA toolkit: the one of CUDA_HOME,
#    else /usr/local/cuda, else the nvcc on the PATH (through a wrapper script to the real one).
#    Its NVRTC library comes from the toolkit or, where the toolkit lacks it, from the nvidia-*
#    wheels torch installed beside itself.
set -euo pipefail
[ $# -eq 1 ] && [[ $1 != -* ]] || { echo "usage: scripts/torch-cmake-args.sh PYTHON" >&2; exit 2; }
py=$1
command -v "$py" >/dev/null || { echo "torch-cmake-args: no Python at '$py'" >&2; exit 2; }
torch_dir=$("$py" -c 'import os, torch; print(os.path.dirname(torch.__file__))' 2>/dev/null) || torch_dir=''
[ -n "$torch_dir" ] && [ -f "$torch_dir/share/cmake/Torch/TorchConfig.cmake" ] ||
  { echo "torch-cmake-args: '$py' cannot import a torch that carries LibTorch (share/cmake/Torch/TorchConfig.cmake)" >&2; exit 2; }
cuda=$("$py" -c 'import torch; print(torch.version.cuda or "")' 2>/dev/null)
args=("-DCMAKE_PREFIX_PATH=$torch_dir")
if [ -n "$cuda" ]; then
  toolkit=${CUDA_HOME:-}
  [ -z "$toolkit" ] && [ -x /usr/local/cuda/bin/nvcc ] && toolkit=/usr/local/cuda
  if [ -z "$toolkit" ] && command -v nvcc >/dev/null; then
    nvcc=$(command -v nvcc)
    # A wrapper script (`exec /path/to/nvcc "$@"`) names the real compiler.
    real=$(grep -o '/[^ "]*/bin/nvcc' "$nvcc" 2>/dev/null | head -n 1 || true)
    toolkit=$(dirname "$(dirname "$(readlink -f "${real:-$nvcc}")")")
  fi
  [ -n "$toolkit" ] || { echo "torch-cmake-args: this torch is built for CUDA $cuda and no CUDA toolkit (nvcc) was found; set CUDA_HOME" >&2; exit 2; }
  [ -x "$toolkit/bin/nvcc" ] || { echo "torch-cmake-args: the CUDA toolkit $toolkit has no bin/nvcc (CUDA_HOME?)" >&2; exit 2; }
  args+=("-DCUDA_TOOLKIT_ROOT_DIR=$toolkit" "-DCMAKE_CUDA_COMPILER=$toolkit/bin/nvcc")
  site=$(dirname "$torch_dir")
  nvrtc=$(ls "$toolkit"/lib64/libnvrtc.so "$toolkit"/lib/libnvrtc.so "$site"/nvidia/*/lib/libnvrtc.so* \
    "$site"/nvidia/cuda_nvrtc/lib/libnvrtc.so* 2>/dev/null | head -n 1 || true)
  [ -n "$nvrtc" ] && args+=("-DCUDA_nvrtc_LIBRARY=$nvrtc")
fi
printf '%s ' "${args[@]}"
echo

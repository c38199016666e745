#!/usr/bin/env bash
# Install the Debian packages contra needs; do nothing when all are present.
# Usage: scripts/setup.sh            (run as root, or with sudo available)
#        scripts/setup.sh bench      also what `make bench` needs (python3-torch for the PyTorch
#                                    reference, bench/reference_moco_step.py)
#        scripts/setup.sh format     also clang-format (`make format`)
#        scripts/setup.sh torch2     also PyTorch's own LibTorch 2.x for `make test-torch2`: torch==2.14.1
#                                    (a CUDA build, about 5.5 GB) installed with pip into a virtual
#                                    environment at $CONTRA_TORCH2_VENV (default .cache/torch2, ignored by
#                                    git); nothing is done when it is there. python3 must have venv.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

PACKAGES=(
  build-essential cmake ccache pkg-config
  libtorch-dev libopenblas0-pthread
  libhdf5-dev hdf5-tools libfmt-dev libtomlplusplus-dev
  catch2 libbenchmark-dev libcli11-dev zlib1g-dev libgloo-dev libstb-dev libssl-dev libgsl-dev
  gnuplot-nox dataset-fashion-mnist
  slurmctld slurmd slurm-client munge
)
[ $# -le 1 ] && [ "${1-x}" != "" ] || { echo "contra setup: one argument at most (bench, format or torch2), got: ${*:-an empty argument}" >&2; exit 2; }
case "${1:-}" in
  bench) PACKAGES+=(python3-torch) ;;
  format) PACKAGES+=(clang-format) ;;
  torch2 | "") ;;
  *) echo "contra setup: unknown argument '$1' (use bench, format or torch2)" >&2; exit 2 ;;
esac

# PyTorch's LibTorch 2.x, after the Debian packages (below) are in place.
setup_torch2() {
  local venv=${CONTRA_TORCH2_VENV:-$root/.cache/torch2} version=2.14.1
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import torch, sys; sys.exit(torch.__version__.split('+')[0] != '$version')" 2>/dev/null; then
    return 0
  fi
  command -v python3 >/dev/null || { echo "contra setup: torch2 needs python3 (with venv and pip)" >&2; exit 1; }
  echo "contra setup: installing torch==$version (PyTorch's LibTorch, CUDA build) into $venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check "torch==$version"
}

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  [ "${1:-}" = torch2 ] && setup_torch2
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "contra setup: missing packages (${missing[*]}) and not root; run: apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi
echo "contra setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
[ "${1:-}" = torch2 ] && setup_torch2
exit 0

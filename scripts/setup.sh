#!/usr/bin/env bash
# Install the Debian packages contra needs; do nothing when all are present.
# Usage: scripts/setup.sh            (run as root, or with sudo available)
#        scripts/setup.sh bench      also what `make bench` needs (python3-torch for the PyTorch
#                                    reference, bench/reference_moco_step.py)
#        scripts/setup.sh format     also clang-format (`make format`)
set -euo pipefail

PACKAGES=(
  build-essential cmake ccache pkg-config
  libtorch-dev libopenblas0-pthread
  libhdf5-dev hdf5-tools libfmt-dev libtomlplusplus-dev
  catch2 libbenchmark-dev libcli11-dev zlib1g-dev
  gnuplot-nox dataset-fashion-mnist
  slurmctld slurmd slurm-client munge
)
case "${1:-}" in
  bench) PACKAGES+=(python3-torch) ;;
  format) PACKAGES+=(clang-format) ;;
esac

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
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

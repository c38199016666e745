#!/usr/bin/env bash
# Packs what a lent GPU machine lacks to build and run contra (issue 13): it has python3 with
# PyTorch's torch (LibTorch and CUDA inside), CMake, ninja, nvcc and a C++ compiler, and no network
# and no package manager. Run here, on a Debian 12 machine with the project's packages (scripts/setup.sh):
#   - the Debian .deb files of what the build needs, fetched with `apt-get download`: HDF5 (headers
#     and the library) with the runtime libraries it needs beyond the C and C++ runtimes, fmt,
#     OpenSSL's headers (libcrypto's MD5), toml++, CLI11, Catch2 and Google Benchmark, into <pack>/debs/;
#   - the Fashion-MNIST IDX files (Debian's dataset-fashion-mnist), into <pack>/fashion-mnist/.
# The pack travels with the working tree (the device tool's `carry`: 64 MiB of carried paths in
# all), so it must stay under 56 MiB, 8 MiB short of that; the script checks. (48 MiB until
# 2026-12: Debian 12's updates and GSL, for the verdicts, took the pack to 49 MiB.) scripts/device-check.sh unpacks it there.
# Usage: scripts/device-pack.sh [pack folder]   (default .cache/device-pack, ignored by git)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -gt 1 ] || [[ ${1-x} == -* || ${1-x} == "" ]]; then echo "usage: scripts/device-pack.sh [pack folder]" >&2; exit 2; fi
pack=$(realpath -m "${1:-$root/.cache/device-pack}")
limit_mib=56
# The folder is replaced only when it is a pack already (its MANIFEST) or empty: never a folder of
# something else given by mistake.
if [ -e "$pack" ] && [ ! -f "$pack/MANIFEST" ] && [ -n "$(ls -A "$pack" 2>/dev/null || echo x)" ]; then
  echo "device-pack: $pack exists and is not a pack (no MANIFEST): give an empty or new folder" >&2
  exit 2
fi

# Build: headers, CMake configs and link-time libraries (zlib's too: data/idx.cpp reads gzip). Run time: HDF5's own needs (libcurl for
# its ros3 driver and what that links, libsz/libaec, OpenSSL), which a CUDA image need not carry.
# Left out: libc6, libgcc-s1, libstdc++6 (the machine's compiler brings newer ones).
PACKAGES=(
  libhdf5-dev libhdf5-103-1 libsz2 libaec0 zlib1g zlib1g-dev libzstd1
  libcurl4 libbrotli1 libgssapi-krb5-2 libkrb5-3 libk5crypto3 libkrb5support0 libcom-err2 libkeyutils1
  libidn2-0 libunistring2 libldap-2.5-0 libsasl2-2 libsasl2-modules-db libdb5.3 libgnutls30 libnettle8
  libhogweed6 libgmp10 libp11-kit0 libffi8 libtasn1-6 libnghttp2-14 libpsl5 librtmp1 libssh2-1 libssl3
  libfmt-dev libfmt9 libtomlplusplus-dev libtomlplusplus3 libcli11-dev catch2
  libbenchmark-dev libbenchmark1debian libstb-dev libstb0 libssl-dev libgsl-dev libgsl27 libgslcblas0
)
DATASET=/usr/share/datasets/fashion-mnist  # config::DataOptions's default root
FILES=(train-images-idx3-ubyte.gz train-labels-idx1-ubyte.gz t10k-images-idx3-ubyte.gz t10k-labels-idx1-ubyte.gz)

command -v apt-get >/dev/null || { echo "device-pack: needs apt-get (a Debian 12 machine)" >&2; exit 1; }
for f in "${FILES[@]}"; do
  [ -f "$DATASET/$f" ] || { echo "device-pack: $DATASET/$f is missing: run scripts/setup.sh (dataset-fashion-mnist)" >&2; exit 1; }
done

# Filled beside it and swapped in at the end, so that a failed download keeps the old pack.
new="$pack.new.$$"
trap 'rm -rf "$new"' EXIT
mkdir -p "$new/debs" "$new/fashion-mnist" 2>/dev/null ||
  { echo "device-pack: cannot create $new beside $pack (a folder that can be written?)" >&2; exit 2; }
# apt-get download writes into the current folder; it needs the package lists (scripts/setup.sh
# ran apt-get update when it installed anything; run it here when the lists are empty).
if ! (cd "$new/debs" && apt-get download -qq "${PACKAGES[@]}" 2>"$new/apt.log"); then
  if [ "$(id -u)" -eq 0 ]; then apt-get update -qq; fi
  (cd "$new/debs" && apt-get download -qq "${PACKAGES[@]}") ||
    { echo "device-pack: apt-get download failed (see above)" >&2; exit 1; }
fi
rm -f "$new/apt.log"
for f in "${FILES[@]}"; do cp "$DATASET/$f" "$new/fashion-mnist/"; done
(cd "$new/debs" && ls -1 ./*.deb | sed 's|^\./||' >"$new/MANIFEST")

bytes=$(du -sb "$new" | cut -f1)
mib=$(( (bytes + 1048575) / 1048576 ))
if [ "$mib" -gt "$limit_mib" ]; then
  echo "device-pack: the pack is ${mib} MiB, over the ${limit_mib} MiB that may travel beside the working tree; $pack is unchanged" >&2
  exit 1
fi
rm -rf "$pack"
mv "$new" "$pack"
echo "device-pack: $pack: $(ls "$pack/debs" | wc -l) .deb files, Fashion-MNIST, ${mib} MiB"

#!/bin/sh
# Installs AdaptiveCpp (the SYCL compiler the SYCL backend is built with)
# into DIR, once, from the pinned source in ../shared/third_party/adaptivecpp
# (its build.sh, without its CUDA backend: the tests run the SYCL backend on
# AdaptiveCpp's OpenMP host device). Exits 0 with DIR/lib/cmake/AdaptiveCpp
# in place (cmake/sycl.cmake looks there), or non-zero with the reason (the
# SYCL tests then skip and say why). Users install AdaptiveCpp their own way
# (docs/sycl.md).
set -e
dir=${1:?usage: adaptivecpp.sh DIR}
[ -f "$dir/lib/cmake/AdaptiveCpp/adaptivecpp-config.cmake" ] && exit 0
here=$(cd "$(dirname "$0")/.." && pwd)
src=${VMAF_ACPP_SOURCE:-$here/../shared/third_party/adaptivecpp}
if [ ! -f "$src/build.sh" ]; then
    echo "adaptivecpp: no pinned source at $src (../shared is absent)"
    exit 1
fi
if [ "$(id -u)" != 0 ] && ! dpkg -s clang-16 llvm-16-dev libclang-16-dev libomp-16-dev \
    libboost-context-dev libboost-fiber-dev >/dev/null 2>&1; then
    echo "adaptivecpp: its build needs Debian's clang-16 packages, installed as root"
    exit 1
fi
# AdaptiveCpp's CMake looks for HIP; where Debian's HIP is installed (make
# test installs it for the HIP backend), HIP's CMake file then fails unless
# clang 16's compiler runtime is there.
if [ -f /usr/lib/x86_64-linux-gnu/cmake/hip/hip-config.cmake ] &&
    ! dpkg -s libclang-rt-16-dev >/dev/null 2>&1; then
    if [ "$(id -u)" != 0 ]; then
        echo "adaptivecpp: with HIP installed its build needs libclang-rt-16-dev, installed as root"
        exit 1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        libclang-rt-16-dev >/dev/null
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
start=$(date +%s)
if ! bash "$src/build.sh" "$dir.tmp" nocuda; then
    rm -rf "$dir.tmp"
    echo "adaptivecpp: its build failed"
    exit 1
fi
rm -rf "$dir" && mv "$dir.tmp" "$dir"
echo "adaptivecpp: built in $(($(date +%s) - start)) s into $dir"

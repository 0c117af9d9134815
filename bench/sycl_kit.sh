#!/usr/bin/env bash
# Packs what the SYCL backend needs on a GPU machine that has the NVIDIA
# driver and CUDA toolkit but neither AdaptiveCpp nor LLVM (the lent H200),
# into KIT (under 64 MiB, for one device call's carry); bench/sycl_device.sh
# runs it there. AdaptiveCpp's generic target lowers each kernel to PTX at
# its first launch: its CUDA runtime back end, libLLVM-16 and the clang-16
# it runs at the path it was built with (for `clang -cc1` from IR to PTX),
# and the libraries those need that a newer distribution lacks (ICU 72, Z3).
#
# Usage: bench/sycl_kit.sh BUILD ACPP_PREFIX REF_CUDA_VMAF MODEL_DIR KIT
#   BUILD: a build with -DVMAF_SYCL=ON against ACPP_PREFIX, an AdaptiveCpp
#   with its CUDA back end (../shared/third_party/adaptivecpp/build.sh
#   PREFIX cuda), and -DCMAKE_CUDA_ARCHITECTURES=90.
set -euo pipefail
build=${1:?usage: sycl_kit.sh BUILD ACPP_PREFIX REF_CUDA_VMAF MODEL_DIR KIT}
acpp=${2:?} ref=${3:?} models=${4:?} kit=${5:?}
[ -f "$acpp/lib/hipSYCL/librt-backend-cuda.so" ] ||
    { echo "$acpp has no CUDA back end (build.sh PREFIX cuda)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$kit" "$work/rt/llvm/bin" "$work/rt/llvm/lib" "$work/rt/deps" "$work/rt/libdevice" \
    "$work/b/tests/cuda" "$work/b/tests/golden" "$work/b/ref"

# The runtime: AdaptiveCpp (no compiler driver, no headers), clang-16 and
# its libraries, and what they load.
cp -a "$acpp" "$work/rt/acpp"
rm -rf "$work/rt/acpp/include" "$work/rt/acpp/bin"
cp -L /usr/lib/llvm-16/bin/clang "$work/rt/llvm/bin/clang++"
cp -L /usr/lib/x86_64-linux-gnu/libLLVM-16.so.1 /usr/lib/llvm-16/lib/libclang-cpp.so.16 \
    "$work/rt/llvm/lib/"
for lib in libz3.so.4 libicuuc.so.72 libicudata.so.72 libxml2.so.2 libffi.so.8 libedit.so.2 \
    libbsd.so.0 libmd.so.0 libtinfo.so.6 libpng16.so.16; do
    cp -L "/lib/x86_64-linux-gnu/$lib" "$work/rt/deps/"
done
cp -L /usr/lib/llvm-16/lib/libomp.so.5 "$work/rt/deps/"
cp /usr/local/cuda/nvvm/libdevice/libdevice.10.bc "$work/rt/libdevice/"
tar -C "$work/rt" -cf - . | xz -T0 -9 >"$kit/rt.tar.xz"

# The binaries: ours with both backends, the GPU tests, the generator, the
# reference's CUDA build to time against.
strip -o "$work/b/vmaf" "$build/vmaf"
for t in test_cuda_parity test_cuda_twins test_cuda_pictures test_sycl_parity; do
    strip -o "$work/b/tests/cuda/$t" "$build/tests/cuda/$t"
done
strip -o "$work/b/tests/golden/gen_yuv" "$build/tests/golden/gen_yuv"
cp "$ref" "$work/b/ref/refcuda"
tar -C "$work" -cf - b | xz -T0 -9 >"$kit/b.tar.xz"
rm -rf "$kit/models" && cp -r "$models" "$kit/models"
cp "$(dirname "$0")/sycl_device.sh" "$kit/"
du -sh "$kit"

#!/usr/bin/env bash
# The SYCL backend on an NVIDIA GPU, in one device call, from a kit made by
# bench/sycl_kit.sh (carried): our CUDA twins' tests and parity first (the
# same binary has both backends), a small run on each backend, the timing
# of SYCL against our CUDA and the reference's CUDA build (cuda_bench.sh
# SYCL=1: 1080p 600 and 2160p 300 frames, one-frame start-up with an empty
# and a warm kernel cache apart), then the SYCL parity test in the time
# left. Each step is bounded; about 560 s in all. Run from the repository
# root: bench/sycl_device.sh KIT
set -u
kit=$(cd "${1:?usage: sycl_device.sh KIT}" && pwd)
out=${OUT:-/tmp/sycl_device}
mkdir -p "$out"
t0=$(date +%s)
b=/tmp/sycl_kit/b rt=/tmp/sycl_kit/rt
if [ ! -x $b/vmaf ]; then
    mkdir -p /tmp/sycl_kit/rt && tar -C /tmp/sycl_kit -xJf "$kit/b.tar.xz" &&
        tar -C $rt -xJf "$kit/rt.tar.xz" || { echo "the kit does not unpack"; exit 1; }
    # AdaptiveCpp runs clang where it was when AdaptiveCpp was built.
    mkdir -p /usr/lib/llvm-16/bin /usr/lib/llvm-16/lib &&
        cp -a $rt/llvm/bin/* /usr/lib/llvm-16/bin/ && cp -a $rt/llvm/lib/* /usr/lib/llvm-16/lib/ ||
        echo "cannot put clang-16 in /usr/lib/llvm-16: SYCL kernels will not compile"
    [ -d /usr/local/cuda/nvvm/libdevice ] || { mkdir -p /usr/local/cuda/nvvm/libdevice &&
        cp $rt/libdevice/* /usr/local/cuda/nvvm/libdevice/; }
fi
export LD_LIBRARY_PATH=$rt/acpp/lib:$rt/deps:/usr/lib/llvm-16/lib VMAF_MODEL_DIR=$kit/models
export PATH=$PATH:/usr/local/cuda/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
elapsed() { echo $(($(date +%s) - t0)); }

(cd /tmp && timeout 40 $b/tests/cuda/test_cuda_twins >"$out/twins.log" 2>&1)
echo "cuda twins: exit $?"
(cd /tmp && timeout 150 $b/tests/cuda/test_cuda_parity >"$out/cuda_parity.log" 2>&1)
echo "cuda parity: exit $?, $(grep -c '^ok' "$out/cuda_parity.log") passed, at $(elapsed) s"
grep -i "differ\|^FAIL" "$out/cuda_parity.log" | head -8

mkdir -p /tmp/sycl_smoke && cd /tmp/sycl_smoke
$b/tests/golden/gen_yuv -w 640 -h 360 -p 420 -b 8 -n 4 -s 7 -k mix r.yuv d.yuv
for be in sycl cuda cpu; do
    s=$(date +%s.%N)
    ACPP_DEBUG_LEVEL=2 timeout 90 $b/vmaf -r r.yuv -d d.yuv -w 640 -h 360 -p 420 -b 8 \
        --model version=vmaf_v0.6.1 --backend $be --json -o $be.json >"$out/smoke_$be.log" 2>&1
    echo "4 frames on $be: exit $?, $(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { print b - a }') s"
done
tail -3 "$out/smoke_sycl.log" | cut -c1-300
cd - >/dev/null

BUILD=$b WORK=/tmp/sycl_bench PREBUILT=1 SYCL=1 FRAMES_HD=600 FRAMES_4K=300 RUNS=2 \
    timeout 150 bash bench/cuda_bench.sh $b/ref/refcuda >"$out/bench.log" 2>&1
echo "bench: exit $? at $(elapsed) s"
tail -22 "$out/bench.log"

left=$((560 - $(elapsed)))
[ $left -gt 20 ] || left=20
(cd /tmp && timeout $left $b/tests/cuda/test_sycl_parity >"$out/sycl_parity.log" 2>&1)
echo "sycl parity: exit $? (limit ${left} s), $(grep -c '^ok' "$out/sycl_parity.log") passed"
grep -i "differ\|^FAIL" "$out/sycl_parity.log" | head -8

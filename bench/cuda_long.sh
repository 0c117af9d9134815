#!/usr/bin/env bash
# A long vmaf_v0.6.1 run on the GPU, where start-up no longer dominates:
# 100 generated 1080p 8-bit 4:2:0 frames repeated to N (default 5000, about
# 31 GB of raw YUV for the pair, left in the page cache by writing it), then
# ours (--backend cuda) and the reference's CUDA build timed end to end,
# interleaved, RUNS times each; prints each pair of times and their ratio,
# and both pooled VMAF scores.
#
# Usage: bench/cuda_long.sh REF_CUDA_VMAF
#   N (5000, a multiple of 100), RUNS (2), BUILD, WORK (/tmp/vmaf_long,
#   removed at the end), VMAF_MODEL_DIR.
set -euo pipefail
ref=${1:?usage: cuda_long.sh REF_CUDA_VMAF}
n=${N:-5000}
runs=${RUNS:-2}
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$here/build-cuda-bench}
work=${WORK:-/tmp/vmaf_long}
: "${VMAF_MODEL_DIR:?set VMAF_MODEL_DIR to the model files}"
export VMAF_MODEL_DIR

cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DVMAF_CUDA=ON \
    -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
"$build/tests/golden/gen_yuv" -w 1920 -h 1080 -p 420 -b 8 -n 100 -s 7 -k mix \
    "$work/r100.yuv" "$work/d100.yuv"
for f in r d; do
    for _ in $(seq $((n / 100))); do cat "$work/${f}100.yuv"; done >"$work/$f.yuv"
done

# run NAME TOOL ARGS...: wall seconds; the JSON in WORK/NAME.json.
run() {
    local name=$1 t0
    shift
    t0=$(date +%s.%N)
    "$@" -r "$work/r.yuv" -d "$work/d.yuv" -w 1920 -h 1080 -p 420 -b 8 \
        --model version=vmaf_v0.6.1 -q --json -o "$work/$name.json" >/dev/null 2>&1
    echo "$(date +%s.%N) $t0" | awk '{printf "%.3f", $1 - $2}'
}
for _ in $(seq "$runs"); do
    a=$(run ours "$build/vmaf" --backend cuda)
    b=$(run ref "$ref")
    echo "$n frames: ours $a s, reference CUDA $b s, ratio $(echo "$a $b" | awk '{printf "%.2f", $2 / $1}')"
done
python3 -c 'import json, sys
a, b = [json.load(open(p))["pooled_metrics"]["vmaf"] for p in sys.argv[1:]]
print("pooled vmaf: ours", a, "reference CUDA", b)' "$work/ours.json" "$work/ref.json"

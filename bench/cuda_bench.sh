#!/usr/bin/env bash
# The CUDA backend on a machine with a GPU: builds vmaf-ng with it for sm_90,
# runs its tests (the shared-frame contract, the twins, CPU/CUDA parity),
# then times `vmaf --backend cuda` against `--backend cpu` on generated
# 1080p 8-bit 4:2:0 content with psnr and motion, checks that both write the
# same scores, and prints a Markdown table last.
# Usage: bench/cuda_bench.sh [FRAMES [RUNS]]   (defaults 500 and 3)
#   BUILD: build directory (default build-cuda-bench), WORK: where the inputs go
set -euo pipefail
frames=${1:-500}
runs=${2:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$here/build-cuda-bench}
work=${WORK:-$build/bench}
jobs=$(nproc)

cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DVMAF_CUDA=ON \
    -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
cmake --build "$build" -j "$jobs"
(cd "$build" && ctest --output-on-failure -R 'shared_frame|^cuda\.')

mkdir -p "$work"
cd "$work"
if [ ! -s ref.yuv ] || [ "$(stat -c %s ref.yuv)" != $((1920 * 1080 * 3 / 2 * frames)) ]; then
    "$build/tests/golden/gen_yuv" -w 1920 -h 1080 -p 420 -b 8 -n "$frames" -s 7 -k mix \
        ref.yuv dis.yuv
fi
cat ref.yuv dis.yuv >/dev/null # into the page cache: time the scoring, not the disk

vmaf_args=(-r ref.yuv -d dis.yuv -w 1920 -h 1080 -p 420 -b 8 -n --feature psnr --feature motion
           -q --json)

best_seconds() { # name args... : the fastest wall time of $runs runs; output in name.json
    local name=$1 best=""
    shift
    for _ in $(seq "$runs"); do
        local t0 t1
        t0=$(date +%s.%N)
        "$build/vmaf" "${vmaf_args[@]}" -o "$name.json" "$@" 2>"$name.log"
        t1=$(date +%s.%N)
        best=$(echo "$t0 $t1 $best" | awk '{d = $2 - $1; print ($3 == "" || d < $3) ? d : $3}')
    done
    echo "$best"
}

cpu1=$(best_seconds cpu --backend cpu)
cpun=$(best_seconds cpu_threads --backend cpu --threads "$jobs")
cuda=$(best_seconds cuda --backend cuda)

stats=$(grep -o 'cuda: [0-9]* frames.*' cuda.log || true)
if [ -z "$stats" ]; then
    echo "the CUDA run did not use the device:" >&2
    cat cuda.log >&2
    exit 1
fi
for out in cpu_threads cuda; do
    if ! cmp -s <(grep -v '"fps"' cpu.json) <(grep -v '"fps"' "$out.json"); then
        echo "$out.json differs from cpu.json:" >&2
        diff <(grep -v '"fps"' cpu.json) <(grep -v '"fps"' "$out.json") | head -20 >&2
        exit 1
    fi
done

echo
echo "1920x1080 8-bit 4:2:0, $frames frames, --feature psnr --feature motion, best of $runs"
echo "$stats"
echo
echo "| backend | threads | seconds | fps | speed-up |"
echo "| --- | --- | --- | --- | --- |"
row() {
    awk -v b="$1" -v t="$2" -v s="$3" -v base="$cpu1" -v f="$frames" \
        'BEGIN { printf "| %s | %s | %.2f | %.1f | %.2fx |\n", b, t, s, f / s, base / s }'
}
row cpu 1 "$cpu1"
row cpu "$jobs" "$cpun"
row cuda 1 "$cuda"

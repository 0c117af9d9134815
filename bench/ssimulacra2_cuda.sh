#!/usr/bin/env bash
# SSIMULACRA 2 on the GPU, end to end from raw YUV, in one run on a machine
# with a GPU: `vmaf --feature ssimulacra2 --backend cuda` on FRAMES frames
# of generated W x H 4:2:0 content, fps of the whole process and without
# its start-up ((FRAMES - 1) / (t(FRAMES) - t(1))), best of 3; beside it our
# CPU with every thread on the same frames, and libjxl's tool on one PNG
# pair of them (seconds a frame, one core, as it runs). The CUDA JSON must
# equal the CPU JSON on every frame, to its printed digits, or the script
# fails (tests/cuda/test_cuda_parity compares the doubles).
#
# Usage: bench/ssimulacra2_cuda.sh SSIMULACRA2_TOOL [VMAF]
#   FRAMES (300), W (1920), H (1080), BITS (8), WORK, PNGS (a folder with
#   ref.png and dis.png of the same first frames, for a host without
#   ffmpeg)
set -euo pipefail
tool=${1:?usage: ssimulacra2_cuda.sh SSIMULACRA2_TOOL [VMAF]}
here=$(cd "$(dirname "$0")/.." && pwd)
vmaf=${2:-$here/build-cuda/vmaf}
gen=$(dirname "$vmaf")/tests/golden/gen_yuv
frames=${FRAMES:-300} w=${W:-1920} h=${H:-1080} bits=${BITS:-8}
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
cd "$work"
"$gen" -w "$w" -h "$h" -p 420 -b "$bits" -n "$frames" -s 3 -k noise ref.yuv dis.yuv
timed() {
    /usr/bin/time -f "%e" -o t.txt "$@" >/dev/null 2>&1 || { cat t.txt >&2; return 1; }
    cat t.txt
}
run() { # frames json backend...
    timed "$vmaf" -r ref.yuv -d dis.yuv -w "$w" -h "$h" -p 420 -b "$bits" \
        --feature ssimulacra2 --no_prediction --frame_cnt "$1" -q --json -o "$2" "${@:3}"
}
best() { sort -n | head -1; }
fps() { echo "$1 $2" | awk '{printf "%.1f", $1 / $2}'; }
steady() { echo "$1 $2 $3" | awk '{printf "%.1f", ($3 - 1) / ($2 - $1)}'; }
gpu_one=$(for _ in 1 2 3; do run 1 one.json --backend cuda; done | best)
gpu=$(for _ in 1 2 3; do run "$frames" cuda.json --backend cuda; done | best)
cpu_one=$(run 1 one.json --backend cpu --threads "$(nproc)")
cpu=$(run "$frames" cpu.json --backend cpu --threads "$(nproc)")
python3 - cuda.json cpu.json <<'EOF'
import json, sys
frames = [json.load(open(p))["frames"] for p in sys.argv[1:]]
scores = [[f["metrics"]["ssimulacra2"] for f in fs] for fs in frames]
if scores[0] != scores[1] or not scores[0]:
    diff = [i for i, (a, b) in enumerate(zip(*scores)) if a != b]
    sys.exit(f"CUDA and CPU scores differ on frames {diff[:10]} (of {len(scores[0])})")
print(f"CUDA JSON equals CPU JSON: {len(scores[0])} frames, every printed digit")
EOF
bash "$here/bench/ssimulacra2_pngs.sh" "$w" "$h"
jxl=$(for _ in 1 2 3; do timed "$tool" ref.png dis.png; done | best)
echo
echo "${w}x$h $bits-bit 4:2:0, $frames frames, $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)," \
    "host $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) threads"
echo "| run | seconds | fps, whole process | fps, start-up left out |"
echo "| --- | --- | --- | --- |"
echo "| ours, --backend cuda | $gpu | $(fps "$frames" "$gpu") | $(steady "$gpu_one" "$gpu" "$frames") |"
echo "| ours, --backend cpu ($(nproc) threads) | $cpu | $(fps "$frames" "$cpu") | $(steady "$cpu_one" "$cpu" "$frames") |"
echo "| libjxl 0.11.2 ssimulacra2, one PNG pair | $jxl | $(fps 1 "$jxl") | |"

#!/usr/bin/env bash
# SSIMULACRA 2 on one CPU core: our `vmaf --feature ssimulacra2` against
# libjxl's ssimulacra2 tool (built elsewhere, docs/ssimulacra2.md) on the
# same content, in one run. Ours reads raw 4:2:0 YUV (its YUV to RGB
# included) and is timed over FRAMES and over one frame, the difference
# divided by FRAMES - 1 (start-up left out); the tool reads one PNG pair of
# the same frames (ffmpeg's conversion; PNG decoding included), best of 3.
# Peak memory (max RSS) of each.
#
# Usage: bench/ssimulacra2_cpu.sh SSIMULACRA2_TOOL [VMAF]
#   FRAMES (8), W (1920), H (1080), WORK, PNGS (a folder with ref.png and
#   dis.png made from the same frames elsewhere, for a host without ffmpeg)
set -euo pipefail
tool=${1:?usage: ssimulacra2_cpu.sh SSIMULACRA2_TOOL [VMAF]}
here=$(cd "$(dirname "$0")/.." && pwd)
vmaf=${2:-$here/build/vmaf}
gen=$(dirname "$vmaf")/tests/golden/gen_yuv
frames=${FRAMES:-8} w=${W:-1920} h=${H:-1080}
work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
cd "$work"
"$gen" -w "$w" -h "$h" -p 420 -b 8 -n "$frames" -s 3 -k noise ref.yuv dis.yuv
bash "$here/bench/ssimulacra2_pngs.sh" "$w" "$h"
# seconds PEAK_KB of a command, its output dropped
timed() {
    /usr/bin/time -f "%e %M" -o t.txt "$@" >/dev/null 2>&1
    cat t.txt
}
ours() {
    timed "$vmaf" -r ref.yuv -d dis.yuv -w "$w" -h "$h" -p 420 -b 8 --feature ssimulacra2 --backend cpu \
        --no_prediction --threads 1 --frame_cnt "$1" -q --json -o out.json
}
best() { sort -n | head -1; }
read -r one _ < <(for _ in 1 2 3; do ours 1; done | best)
read -r many ours_kb < <(for _ in 1 2 3; do ours "$frames"; done | best)
read -r jxl jxl_kb < <(for _ in 1 2 3; do timed "$tool" ref.png dis.png; done | best)
read -r png png_kb < <(for _ in 1 2 3; do
    timed "$vmaf" -r ref.png -d dis.png --feature ssimulacra2 --backend cpu --threads 1 -q --json \
        -o png.json
done | best)
per_frame=$(echo "$one $many $frames" | awk '{printf "%.4f", ($2 - $1) / ($3 - 1)}')
echo
echo "${w}x$h, one core, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "| tool | seconds a frame | peak MB |"
echo "| --- | --- | --- |"
echo "| ours, vmaf --feature ssimulacra2 --threads 1 | $per_frame | $((ours_kb / 1024)) |"
echo "| libjxl 0.11.2 ssimulacra2 (a PNG pair) | $jxl | $((jxl_kb / 1024)) |"
echo "| ours on the same PNG pair (the whole process, as the tool's) | $png | $((png_kb / 1024)) |"
echo "scores on the PNG pair: ours $(grep -o '"ssimulacra2": [-0-9.]*' png.json | head -1 |
    cut -d' ' -f2), libjxl $("$tool" ref.png dis.png)"
echo "ours / libjxl: $(echo "$jxl $per_frame" | awk '{printf "%.2fx", $1 / $2}')"

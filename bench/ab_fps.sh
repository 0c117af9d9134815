#!/usr/bin/env bash
# Two builds of vmaf-ng (A: before a change, B: after) and the reference CLI
# timed on one 8-bit 4:2:0 pair with vmaf_v0.6.1, the runs interleaved round
# by round so that drift of the machine hits all alike: CUDA (when both were
# built with it), CPU with THREADS threads and one thread (FRAMES_1 frames).
# Prints the best and the median of ROUNDS per run as a Markdown table.
# Usage: bench/ab_fps.sh VMAF_A VMAF_B REF_VMAF REF_YUV DIS_YUV W H
#   VMAF_MODEL_DIR (the reference reads vmaf_v0.6.1.json there), ROUNDS (5),
#   THREADS (16), FRAMES_1 (60), CUDA=0 leaves the CUDA rows out.
set -euo pipefail
[ $# -eq 7 ] || { echo "usage: ab_fps.sh VMAF_A VMAF_B REF_VMAF REF_YUV DIS_YUV W H" >&2; exit 2; }
a=$1 b=$2 ref=$3 ref_yuv=$4 dis_yuv=$5 w=$6 h=$7
: "${VMAF_MODEL_DIR:?set VMAF_MODEL_DIR to the model files}"
rounds=${ROUNDS:-5} threads=${THREADS:-16} frames_1=${FRAMES_1:-60} cuda=${CUDA:-1}
frames=$(($(stat -c %s "$ref_yuv") / (w * h * 3 / 2)))
in=(--reference "$ref_yuv" --distorted "$dis_yuv" --width "$w" --height "$h" --pixel_format 420
    --bitdepth 8 -q -o /dev/null)
log=$(mktemp)
trap 'rm -f "$log"' EXIT

one() { # key command...
    local key=$1 t0 t1
    shift
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
    t1=$(date +%s.%N)
    echo "$key $(echo "$t0 $t1" | awk '{print $2 - $1}')" >>"$log"
}

for _ in $(seq "$rounds"); do
    if [ "$cuda" = 1 ]; then
        one "A,cuda" "$a" "${in[@]}" --model version=vmaf_v0.6.1 --backend cuda
        one "B,cuda" "$b" "${in[@]}" --model version=vmaf_v0.6.1 --backend cuda
    fi
    one "B,cpu" "$b" "${in[@]}" --model version=vmaf_v0.6.1 --backend cpu --threads "$threads"
    one "A,cpu" "$a" "${in[@]}" --model version=vmaf_v0.6.1 --backend cpu --threads "$threads"
    one "A,cpu1" "$a" "${in[@]}" --model version=vmaf_v0.6.1 --backend cpu --frame_cnt "$frames_1"
    one "B,cpu1" "$b" "${in[@]}" --model version=vmaf_v0.6.1 --backend cpu --frame_cnt "$frames_1"
    one "reference,cpu" "$ref" "${in[@]}" --model path="$VMAF_MODEL_DIR/vmaf_v0.6.1.json" \
        --threads "$threads"
done

echo "| run | frames | best s | median s | fps (best) |"
echo "| --- | --- | --- | --- | --- |"
for key in A,cuda B,cuda A,cpu B,cpu A,cpu1 B,cpu1 reference,cpu; do
    grep -q "^$key " "$log" || continue
    n=$frames
    [ "${key#*,}" = cpu1 ] && n=$frames_1
    grep "^$key " "$log" | awk '{print $2}' | sort -g | awk -v k="$key" -v n="$n" \
        '{t[NR] = $1} END {m = t[int((NR + 1) / 2)]; printf "| %s | %d | %.3f | %.3f | %.1f |\n", k, n, t[1], m, n / t[1]}'
done

#!/usr/bin/env bash
# Makes benchmark inputs with the project's own generator (no ffmpeg needed):
# 8-bit 4:2:0 pairs at 576x324 and 1920x1080, and a list.tsv for cpu_fps.sh.
# Usage: bench/make_inputs.sh GEN_YUV OUTDIR [FRAMES_SD FRAMES_HD]
set -euo pipefail
gen=${1:?usage: make_inputs.sh GEN_YUV OUTDIR [FRAMES_SD FRAMES_HD]}
out=${2:?usage: make_inputs.sh GEN_YUV OUTDIR [FRAMES_SD FRAMES_HD]}
sd=${3:-240} hd=${4:-60}
mkdir -p "$out"
: > "$out/list.tsv"
pair() { # name w h frames
    "$gen" -w "$2" -h "$3" -p 420 -b 8 -n "$4" -s 7 -k mix "$out/$1_ref.yuv" "$out/$1_dis.yuv"
    printf '%s\t%s\t%s\tyuv420p\t8\t%s\n' "$1" "$2" "$3" "$4" >> "$out/list.tsv"
}
pair gen_576x324 576 324 "$sd"
pair gen_1920x1080 1920 1080 "$hd"

#!/usr/bin/env bash
# Makes benchmark inputs with the project's own generator (no ffmpeg needed):
# 8-bit 4:2:0 pairs at 576x324 and 1920x1080, with FRAMES_UHD (default none)
# 8-bit 3840x2160 and 10-bit 1920x1080 and 3840x2160 pairs too, and a list.tsv
# for cpu_fps.sh.
# Usage: bench/make_inputs.sh GEN_YUV OUTDIR [FRAMES_SD FRAMES_HD [FRAMES_UHD]]
set -euo pipefail
gen=${1:?usage: make_inputs.sh GEN_YUV OUTDIR [FRAMES_SD FRAMES_HD [FRAMES_UHD]]}
out=${2:?usage: make_inputs.sh GEN_YUV OUTDIR [FRAMES_SD FRAMES_HD [FRAMES_UHD]]}
sd=${3:-240} hd=${4:-60} uhd=${5:-0}
mkdir -p "$out"
: > "$out/list.tsv"
pair() { # name w h frames [bpc]
    local bpc=${5:-8}
    "$gen" -w "$2" -h "$3" -p 420 -b "$bpc" -n "$4" -s 7 -k mix "$out/$1_ref.yuv" "$out/$1_dis.yuv"
    printf '%s\t%s\t%s\tyuv420p\t%s\t%s\n' "$1" "$2" "$3" "$bpc" "$4" >> "$out/list.tsv"
}
pair gen_576x324 576 324 "$sd"
pair gen_1920x1080 1920 1080 "$hd"
if [ "$uhd" -gt 0 ]; then
    pair gen_3840x2160 3840 2160 "$uhd"
    pair gen_1920x1080_10 1920 1080 "$hd" 10
    pair gen_3840x2160_10 3840 2160 "$uhd" 10
fi

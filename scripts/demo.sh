#!/bin/sh
# make demo: scores a generated sample pair (576x324, 8-bit 4:2:0, 48 frames)
# with the built-in default model (vmaf_v0.6.1) and PSNR.
set -e
build=${1:-build}
out=$build/demo
mkdir -p "$out"
"$build/tests/golden/gen_yuv" -w 576 -h 324 -p 420 -b 8 -n 48 -s 1 -k mix \
    "$out/ref.yuv" "$out/dis.yuv"

set -- "$build/vmaf" -r "$out/ref.yuv" -d "$out/dis.yuv" -w 576 -h 324 -p 420 -b 8 \
    --model version=vmaf_v0.6.1 --feature psnr --threads 2 --json -o "$out/demo.json"
echo "demo: $*"
"$@"
echo "demo: pooled means (all frames in $out/demo.json):"
# The writer puts each metric's name on its own line, then min, max, mean.
awk '/"pooled_metrics"/ { on = 1; next } /"aggregate_metrics"/ { on = 0 }
     on && /": \{$/ { gsub(/[ ":{]/, ""); name = $0 }
     on && /"mean"/ { gsub(/[ ",]/, ""); sub(/mean:/, ""); printf "  %-40s %s\n", name, $0 }' \
    "$out/demo.json"

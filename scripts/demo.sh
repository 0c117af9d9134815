#!/bin/sh
# make demo: scores a generated sample pair (576x324, 8-bit 4:2:0, 48 frames)
# with the default model when its file is found, else the elementary features.
set -e
build=${1:-build}
out=$build/demo
mkdir -p "$out"
"$build/tests/golden/gen_yuv" -w 576 -h 324 -p 420 -b 8 -n 48 -s 1 -k mix \
    "$out/ref.yuv" "$out/dis.yuv"

if [ -z "$VMAF_MODEL_DIR" ] && [ -f ../shared/models/vmaf_v0.6.1.json ]; then
    VMAF_MODEL_DIR=$(cd ../shared/models && pwd)
    export VMAF_MODEL_DIR
fi
if [ -n "$VMAF_MODEL_DIR" ] && [ -f "$VMAF_MODEL_DIR/vmaf_v0.6.1.json" ]; then
    what="--model version=vmaf_v0.6.1 --feature psnr"
else
    what="--no_prediction --feature vif --feature adm --feature motion --feature psnr"
    echo "demo: no vmaf_v0.6.1.json found (set VMAF_MODEL_DIR to a folder of Netflix's model"
    echo "      files, published in the model/ folder of the Netflix/vmaf repository);"
    echo "      scoring the elementary features only."
fi
set -- "$build/vmaf" -r "$out/ref.yuv" -d "$out/dis.yuv" -w 576 -h 324 -p 420 -b 8 $what \
    --threads 2 --json -o "$out/demo.json"
echo "demo: $*"
"$@"
echo "demo: pooled means (all frames in $out/demo.json):"
# The writer puts each metric's name on its own line, then min, max, mean.
awk '/"pooled_metrics"/ { on = 1; next } /"aggregate_metrics"/ { on = 0 }
     on && /": \{$/ { gsub(/[ ":{]/, ""); name = $0 }
     on && /"mean"/ { gsub(/[ ",]/, ""); sub(/mean:/, ""); printf "  %-40s %s\n", name, $0 }' \
    "$out/demo.json"

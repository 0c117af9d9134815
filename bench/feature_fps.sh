#!/usr/bin/env bash
# Times single features, vmaf-ng against a reference CLI, side by side in one
# run on one input pair. Usage: bench/feature_fps.sh REF_VMAF INPUT_DIR NAME [FEATURE...]
#   INPUT_DIR/list.tsv as for cpu_fps.sh; default features: the heavy ones.
set -euo pipefail
ref=${1:?usage: feature_fps.sh REF_VMAF INPUT_DIR NAME [FEATURE...]}
dir=${2:?usage: feature_fps.sh REF_VMAF INPUT_DIR NAME [FEATURE...]}
name=${3:?usage: feature_fps.sh REF_VMAF INPUT_DIR NAME [FEATURE...]}
shift 3
features=${*:-float_ms_ssim psnr_hvs ciede cambi}
ours=${OURS:-$(cd "$(dirname "$0")/.." && pwd)/build/vmaf}
read -r _ w h pf bpc frames < <(grep "^$name	" "$dir/list.tsv")
args=(-r "$dir/${name}_ref.yuv" -d "$dir/${name}_dis.yuv" -w "$w" -h "$h" -p "${pf:3:3}" -b "$bpc" -n -q)
seconds() {
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk '{print $2 - $1}'
}
echo "| feature ($name, $frames frames, 1 thread) | reference fps | vmaf-ng fps | ratio |"
echo "| --- | --- | --- | --- |"
for f in $features; do
    tr=$(seconds "$ref" "${args[@]}" --feature "$f")
    to=$(seconds "$ours" "${args[@]}" --feature "$f" --backend cpu)
    awk -v f="$f" -v n="$frames" -v a="$tr" -v b="$to" \
        'BEGIN { printf "| %s | %.1f | %.1f | %.2fx |\n", f, n / a, n / b, a / b }'
done

#!/usr/bin/env bash
# Times vmaf-ng's CLI against a reference `vmaf` CLI, side by side in one run,
# on the same inputs: vmaf_v0.6.1, 1 and 2 threads. Prints a Markdown table.
# Usage: bench/cpu_fps.sh REF_VMAF INPUT_DIR [RUNS]
#   REF_VMAF: the reference CLI (built by you, outside this tree)
#   INPUT_DIR: holds NAME_ref.yuv/NAME_dis.yuv and list.tsv (name w h pix_fmt bpc frames), as made
#   by ../shared/corpus/make-corpus.sh or bench/make_inputs.sh; NAMES="a b" limits the pairs timed.
set -euo pipefail
ref=${1:?usage: cpu_fps.sh REF_VMAF INPUT_DIR [RUNS]}
corpus=${2:?usage: cpu_fps.sh REF_VMAF INPUT_DIR [RUNS]}
runs=${3:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
ours=${OURS:-$here/build/vmaf}
model=${VMAF_MODEL_DIR:-$here/../shared/models}/vmaf_v0.6.1.json

best_seconds() { # command... ; prints the fastest wall time of $runs runs
    local best=""
    for _ in $(seq "$runs"); do
        local t0 t1
        t0=$(date +%s.%N)
        "$@" >/dev/null 2>&1
        t1=$(date +%s.%N)
        best=$(echo "$t0 $t1 $best" | awk '{d=$2-$1; if ($3=="" || d<$3) print d; else print $3}')
    done
    echo "$best"
}

echo "| input | threads | reference fps | reference C-only fps | vmaf-ng fps | vmaf-ng / reference |"
echo "| --- | --- | --- | --- | --- | --- |"
names=${NAMES:-$(cut -f1 "$corpus/list.tsv")}
for name in $names; do
    read -r _ w h pf _ frames < <(grep "^$name	" "$corpus/list.tsv")
    args=(-r "$corpus/${name}_ref.yuv" -d "$corpus/${name}_dis.yuv" -w "$w" -h "$h" -p "${pf:3:3}"
          -b 8 --model "path=$model" -q)
    for threads in ${THREADS:-0 2}; do
        tr=$(best_seconds "$ref" "${args[@]}" --threads "$threads")
        tc=$(best_seconds "$ref" "${args[@]}" --threads "$threads" --cpumask 0xffffffff)
        to=$(best_seconds "$ours" "${args[@]}" --threads "$threads")
        awk -v n="$name" -v t="$threads" -v f="$frames" -v a="$tr" -v c="$tc" -v b="$to" \
            'BEGIN { printf "| %s (%d frames) | %s | %.1f | %.1f | %.1f | %.2fx |\n",
                     n, f, t == 0 ? "1" : t, f/a, f/c, f/b, a/b }'
    done
done

#!/usr/bin/env bash
# Times vmaf-ng's CLI against a reference `vmaf` CLI, side by side in one run,
# on the same inputs: vmaf_v0.6.1, --threads 0 and 2 (THREADS="..." to choose; 0 is
# libvmaf's single-threaded run, no pool). Ours runs with --backend cpu, so that a
# CUDA build does not take the GPU. Prints a Markdown table, with each tool's peak resident memory
# (the largest over its runs, GNU time's %M).
# Usage: bench/cpu_fps.sh REF_VMAF INPUT_DIR [RUNS]
#   REF_VMAF: the reference CLI (built by you, outside this tree)
#   INPUT_DIR: holds NAME_ref.yuv/NAME_dis.yuv and list.tsv (name w h pix_fmt bpc frames), as made
#   by ../shared/corpus/make-corpus.sh or bench/make_inputs.sh; NAMES="a b" limits the pairs timed;
#   C_ONLY=0 leaves out the reference's C-only runs (slow; the column then reads 0);
#   MODEL=NAME scores a model both tools build in (such as vmaf_float_v0.6.1) instead of
#   vmaf_v0.6.1 from VMAF_MODEL_DIR.
set -euo pipefail
ref=${1:?usage: cpu_fps.sh REF_VMAF INPUT_DIR [RUNS]}
corpus=${2:?usage: cpu_fps.sh REF_VMAF INPUT_DIR [RUNS]}
runs=${3:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
ours=${OURS:-$here/build/vmaf}
model="path=${VMAF_MODEL_DIR:-$here/../shared/models}/vmaf_v0.6.1.json"
[ -z "${MODEL:-}" ] || model="version=$MODEL"

command -v /usr/bin/time >/dev/null || { echo "cpu_fps.sh: needs GNU time (apt-get install time)" >&2; exit 1; }

measure() { # command... ; prints its wall seconds and peak resident KiB
    local t0 t1
    t0=$(date +%s.%N)
    /usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>&1
    t1=$(date +%s.%N)
    echo "$t0 $t1 $(cat "$tmp/rss")" | awk '{print $2 - $1, $3}'
}

min() { cut -d' ' -f1 | sort -g | head -n 1; }
peak_mib() { cut -d' ' -f2 | sort -g | tail -n 1 | awk '{printf "%.0f", $1 / 1024}'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "| input | --threads | reference fps | reference C-only fps | vmaf-ng fps | vmaf-ng / reference | peak MiB reference / vmaf-ng |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
names=${NAMES:-$(cut -f1 "$corpus/list.tsv")}
for name in $names; do
    read -r _ w h pf bpc frames < <(grep "^$name	" "$corpus/list.tsv")
    args=(-r "$corpus/${name}_ref.yuv" -d "$corpus/${name}_dis.yuv" -w "$w" -h "$h" -p "${pf:3:3}"
          -b "$bpc" --model "$model" -q)
    for threads in ${THREADS:-0 2}; do
        # the three interleaved, run after run, so that a slow spell of the
        # shared machine hits each of them alike; the fastest run of each
        : >"$tmp/ref" && : >"$tmp/c" && : >"$tmp/ours"
        for _ in $(seq "$runs"); do
            measure "$ref" "${args[@]}" --threads "$threads" >>"$tmp/ref"
            if [ "${C_ONLY:-1}" != 0 ]; then
                measure "$ref" "${args[@]}" --threads "$threads" --cpumask 0xffffffff >>"$tmp/c"
            else
                echo "1e99 0" >>"$tmp/c"
            fi
            measure "$ours" "${args[@]}" --threads "$threads" --backend cpu >>"$tmp/ours"
        done
        tr=$(min <"$tmp/ref") tc=$(min <"$tmp/c") to=$(min <"$tmp/ours")
        mr=$(peak_mib <"$tmp/ref") mo=$(peak_mib <"$tmp/ours")
        awk -v n="$name" -v t="$threads" -v f="$frames" -v a="$tr" -v c="$tc" -v b="$to" \
            -v mr="$mr" -v mo="$mo" \
            'BEGIN { printf "| %s (%d frames) | %s | %.1f | %.1f | %.1f | %.2fx | %d / %d |\n",
                     n, f, t, f/a, f/c, f/b, a/b, mr, mo }'
    done
done

#!/usr/bin/env bash
# The CUDA backend on a machine with a GPU, in one call: builds vmaf-ng for
# sm_90, runs the tests that need a GPU (shared-frame contract, graph cache,
# twins, CPU/CUDA parity) and checkasm on this CPU, then times whole models
# from raw YUV in the page cache: ours with --backend cuda (graph and direct
# dispatch), the reference's CUDA build, and both CPU tools with every core.
# Our CUDA JSON must equal our CPU JSON score for score, and every pooled
# model score must equal the reference's. A Markdown table comes last.
#
# Usage: bench/cuda_bench.sh REF_CUDA_VMAF [REF_CPU_VMAF]
#   FRAMES_HD (500), FRAMES_4K (300), RUNS (3), FRAMES_CPU (200: CPU runs
#   score the first FRAMES_CPU frames), BUILD, WORK, VMAF_MODEL_DIR,
#   GEN_UNIQUE (120: frames generated, then repeated), SKIP_TESTS=1 (time
#   only), PREBUILT=1 (BUILD holds vmaf and tests/golden/gen_yuv built
#   elsewhere: no build, no tests), SYCL=1 (BUILD's vmaf has the SYCL
#   backend too: it is timed beside CUDA, its scores must equal our CUDA's,
#   and one-frame runs give the start-up of each tool and SYCL's first run
#   with an empty kernel cache, its run-time compilation, apart).
set -euo pipefail
ref_cuda=${1:?usage: cuda_bench.sh REF_CUDA_VMAF [REF_CPU_VMAF]}
ref_cpu=${2:-}
frames_hd=${FRAMES_HD:-500}
frames_4k=${FRAMES_4K:-300}
frames_cpu=${FRAMES_CPU:-200}
runs=${RUNS:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$here/build-cuda-bench}
work=${WORK:-$build/bench}
jobs=$(nproc)
: "${VMAF_MODEL_DIR:?set VMAF_MODEL_DIR to the model files}"
export VMAF_MODEL_DIR

tests=skipped
if [ -z "${PREBUILT:-}" ]; then
    echo "== build"
    cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DVMAF_CUDA=ON \
        -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
    cmake --build "$build" -j "$jobs" >/dev/null
fi
if [ -z "${SKIP_TESTS:-}${PREBUILT:-}" ]; then
    echo "== tests on the GPU and this CPU"
    tests=passed
    (cd "$build" && ctest --output-on-failure -j 4 -R 'shared_frame|cuda|checkasm') || tests=FAILED
fi

mkdir -p "$work"
cd "$work"
# gen NAME W H FRAMES [BITS]: NAME_ref.yuv and NAME_dis.yuv of FRAMES frames,
# the first GEN_UNIQUE (120) generated and repeated: generating runs ~10
# frames a second at 1080p, and the content only has to be real video-like
# for the timing, not new every frame.
gen() {
    local bits=${5:-8} unique=$((${GEN_UNIQUE:-120} < $4 ? ${GEN_UNIQUE:-120} : $4))
    local frame=$(($2 * $3 * 3 / 2 * (bits > 8 ? 2 : 1)))
    local f
    if [ ! -s "$1_ref.yuv" ] || [ "$(stat -c %s "$1_ref.yuv")" != $((frame * $4)) ]; then
        "$build/tests/golden/gen_yuv" -w "$2" -h "$3" -p 420 -b "$bits" -n "$unique" -s 7 \
            -k mix "$1_ref.u" "$1_dis.u"
        for f in ref dis; do
            for _ in $(seq $(($4 / unique))); do cat "$1_$f.u"; done >"$1_$f.yuv"
            head -c $((frame * ($4 % unique))) "$1_$f.u" >>"$1_$f.yuv"
            rm "$1_$f.u"
        done
    fi
    cat "$1_ref.yuv" "$1_dis.yuv" >/dev/null # into the page cache
}
pids=""
gen hd 1920 1080 "$frames_hd" & pids="$pids $!"
gen hd10 1920 1080 "$frames_hd" 10 & pids="$pids $!"
gen uhd 3840 2160 "$frames_4k" & pids="$pids $!"
for pid in $pids; do wait "$pid"; done

# run NAME TOOL INPUT MODEL FRAMES ARGS...: best wall time of $runs, in
# NAME.time; the JSON in NAME.json, the log in NAME.log.
run() {
    local name=$1 tool=$2 input=$3 model=$4 n=$5 w=1920 h=1080 b=8 best="" quiet=-q
    shift 5
    case $input in uhd) w=3840 h=2160 ;; hd10) b=10 ;; esac
    # Ours logs its device statistics at the info level that -q hides; the
    # log is a file, so ours draws no progress either way.
    case $name in ours*) quiet="" ;; esac
    for _ in $(seq "$runs"); do
        local t0 t1
        t0=$(date +%s.%N)
        if ! "$tool" -r "${input}_ref.yuv" -d "${input}_dis.yuv" -w $w -h $h -p 420 -b $b \
            --model "version=$model" --frame_cnt "$n" $quiet --json -o "$name.json" "$@" \
            >"$name.log" 2>&1; then
            echo "$name failed:" >&2
            cat "$name.log" >&2
            exit 1
        fi
        t1=$(date +%s.%N)
        best=$(echo "$t0 $t1 $best" | awk '{d = $2 - $1; print ($3 == "" || d < $3) ? d : $3}')
    done
    echo "$best" >"$name.time"
}

# The scores of a JSON output without timing; the pooled ones alone with --pooled.
scores() {
    if [ "${2:-}" = --pooled ]; then
        python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps(d["pooled_metrics"], sort_keys=True))' "$1"
    else
        python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d.pop("fps", None); print(json.dumps(d, sort_keys=True))' "$1"
    fi
}
same() { # a b [--pooled]
    if ! cmp -s <(scores "$1.json" "${3:-}") <(scores "$2.json" "${3:-}"); then
        echo "$1.json and $2.json differ:" >&2
        diff <(scores "$1.json" "${3:-}" | tr ',' '\n') <(scores "$2.json" "${3:-}" | tr ',' '\n') |
            head -20 >&2
        exit 1
    fi
}

echo "== timing"
for model in vmaf_v0.6.1; do
    run ours_cuda_graph "$build/vmaf" hd $model "$frames_hd" --backend cuda
    VMAF_CUDA_DISPATCH=direct run ours_cuda_direct "$build/vmaf" hd $model "$frames_hd" --backend cuda
    run ref_cuda "$ref_cuda" hd $model "$frames_hd"
    run ours_cuda_10 "$build/vmaf" hd10 $model "$frames_hd" --backend cuda
    run ref_cuda_10 "$ref_cuda" hd10 $model "$frames_hd"
    run ours_cuda_cpucheck "$build/vmaf" hd $model "$frames_cpu" --backend cuda
    run ours_cpu "$build/vmaf" hd $model "$frames_cpu" --backend cpu --threads "$jobs"
    run ours_cuda_4k "$build/vmaf" uhd $model "$frames_4k" --backend cuda
    run ref_cuda_4k "$ref_cuda" uhd $model "$frames_4k"
    if [ -n "$ref_cpu" ]; then
        run ref_cpu "$ref_cpu" hd $model "$frames_cpu" --threads "$jobs"
    fi
done
if [ -n "${SYCL:-}" ]; then
    run ours_sycl "$build/vmaf" hd $model "$frames_hd" --backend sycl
    run ours_sycl_4k "$build/vmaf" uhd $model "$frames_4k" --backend sycl
    # One frame: start-up to the first score. The first SYCL run compiles
    # every kernel for the device into an empty cache (ACPP_APPDB_DIR).
    rm -rf acpp_cache
    export ACPP_APPDB_DIR=$PWD/acpp_cache
    runs_all=$runs runs=1
    run first_sycl_cold "$build/vmaf" hd $model 1 --backend sycl
    runs=$runs_all
    run first_sycl "$build/vmaf" hd $model 1 --backend sycl
    run first_cuda "$build/vmaf" hd $model 1 --backend cuda
    run first_ref_cuda "$ref_cuda" hd $model 1
    grep -h 'sycl: [0-9]* frames' ours_sycl.log ours_sycl_4k.log || {
        echo "our SYCL runs did not use the device" >&2
        cat ours_sycl.log >&2
        exit 1
    }
    same ours_sycl ours_cuda_graph
    same ours_sycl_4k ours_cuda_4k
fi
grep -h 'cuda: [0-9]* frames' ours_cuda_graph.log ours_cuda_10.log ours_cuda_4k.log || {
    echo "our CUDA runs did not use the device" >&2
    cat ours_cuda_graph.log >&2
    exit 1
}
same ours_cuda_graph ours_cuda_direct
same ours_cuda_cpucheck ours_cpu
[ -z "$ref_cpu" ] || same ours_cpu ref_cpu --pooled

echo
echo "vmaf_v0.6.1, 8-bit 4:2:0 raw YUV in the page cache, best of $runs, $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $jobs cores"
echo "pooled: ours $(scores ours_cuda_graph.json --pooled | cut -c1-120)"
echo "pooled: reference CUDA $(scores ref_cuda.json --pooled | cut -c1-120)"
echo "one thread reading a 1080p input: $(dd if=hd_ref.yuv of=/dev/null bs=3110400 2>&1 | tail -1)"
echo
echo "| run | size | frames | seconds | fps |"
echo "| --- | --- | --- | --- | --- |"
row() { # label name size frames
    awk -v l="$1" -v s="$(cat "$2.time")" -v z="$3" -v f="$4" \
        'BEGIN { printf "| %s | %s | %d | %.3f | %.1f |\n", l, z, f, s, f / s }'
}
row "ours, CUDA, graphs" ours_cuda_graph 1080p "$frames_hd"
row "ours, CUDA, direct launches" ours_cuda_direct 1080p "$frames_hd"
row "reference, CUDA" ref_cuda 1080p "$frames_hd"
row "ours, CUDA, 10-bit" ours_cuda_10 "1080p 10-bit" "$frames_hd"
row "reference, CUDA, 10-bit" ref_cuda_10 "1080p 10-bit" "$frames_hd"
row "ours, CUDA" ours_cuda_4k 2160p "$frames_4k"
row "reference, CUDA" ref_cuda_4k 2160p "$frames_4k"
row "ours, CPU, $jobs threads" ours_cpu 1080p "$frames_cpu"
[ -z "$ref_cpu" ] || row "reference, CPU, $jobs threads" ref_cpu 1080p "$frames_cpu"
if [ -n "${SYCL:-}" ]; then
    row "ours, SYCL (AdaptiveCpp generic)" ours_sycl 1080p "$frames_hd"
    row "ours, SYCL (AdaptiveCpp generic)" ours_sycl_4k 2160p "$frames_4k"
    row "one frame: ours, SYCL, empty kernel cache" first_sycl_cold 1080p 1
    row "one frame: ours, SYCL, kernels cached" first_sycl 1080p 1
    row "one frame: ours, CUDA" first_cuda 1080p 1
    row "one frame: reference, CUDA" first_ref_cuda 1080p 1
fi
echo "GPU and checkasm tests: $tests"
awk -v a="$(cat ours_cuda_graph.time)" -v b="$(cat ref_cuda.time)" -v c="$(cat ours_cuda_4k.time)" \
    -v d="$(cat ref_cuda_4k.time)" -v e="$(cat ours_cuda_10.time)" -v f="$(cat ref_cuda_10.time)" \
    'BEGIN { printf "\nours / reference CUDA: %.2fx at 1080p, %.2fx at 1080p 10-bit, %.2fx at 2160p\n", b / a, f / e, d / c
             printf "our 10-bit 1080p at %.0f%% of our 8-bit fps\n", 100 * a / e }'
if [ -n "${SYCL:-}" ]; then
    awk -v a="$(cat ours_sycl.time)" -v b="$(cat ours_cuda_graph.time)" -v c="$(cat ref_cuda.time)" \
        -v d="$(cat ours_sycl_4k.time)" -v e="$(cat ours_cuda_4k.time)" -v f="$(cat ref_cuda_4k.time)" \
        'BEGIN { printf "SYCL / our CUDA: %.0f%% at 1080p, %.0f%% at 2160p; SYCL / reference CUDA: %.2fx at 1080p, %.2fx at 2160p\n", 100 * b / a, 100 * e / d, c / a, f / d }'
fi

#!/usr/bin/env bash
# The metric family's CUDA twins on a machine with a GPU, in one call: builds
# vmaf-ng for sm_90, runs the GPU tests (parity of every twin, the shared
# frame, the kernels' CPU emulations), then, on generated 8-bit 4:2:0 raw YUV
# in the page cache:
#  - per twin, at 1080p and 2160p: our CUDA JSON equals our CPU JSON on the
#    first frames, and the per-frame cost on the GPU, from two runs of
#    different lengths (the difference removes start-up), with the bytes
#    uploaded a frame and their share of that cost at the pinned upload rate;
#  - whole models at 1080p: ours with CUDA, ours on every core, and, given
#    their paths, the reference's CUDA and CPU builds; our pooled scores must
#    equal the reference CPU tool's. The CPU runs get --threads (every core),
#    the CUDA runs none: the reference's CUDA build fails its flush with
#    threads (a motion2 score written twice at the last frame).
# Twins run with --no_prediction: the CLI would otherwise add the default
# model. Tables in Markdown come last.
#
# Usage: bench/cuda_twins.sh [REF_CUDA_VMAF [REF_CPU_VMAF]]
#   VMAF_MODEL_DIR (the model files), BUILD, WORK, SKIP_TESTS=1,
#   PREBUILT=1 (BUILD holds vmaf and tests/golden/gen_yuv built elsewhere),
#   TWINS="float_psnr ..." and MODELS="..." (subsets, may be empty),
#   UPLOAD_GBS (52, the pinned rate).
set -uo pipefail
ref_cuda=${1:-}
ref_cpu=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$here/build-cuda-bench}
work=${WORK:-$build/bench}
jobs=$(nproc)
upload_gbs=${UPLOAD_GBS:-52}
: "${VMAF_MODEL_DIR:?set VMAF_MODEL_DIR to the model files}"
export VMAF_MODEL_DIR
vmaf=$build/vmaf

if [ -z "${PREBUILT:-}" ]; then
    echo "== build"
    cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DVMAF_CUDA=ON \
        -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null || exit 1
    cmake --build "$build" -j "$jobs" >/dev/null || exit 1
fi

tests=skipped
if [ -z "${SKIP_TESTS:-}" ]; then
    echo "== tests on the GPU"
    tests=passed
    (cd "$build" && ctest --output-on-failure -j 4 -R 'shared_frame|cuda') || tests=FAILED
fi

mkdir -p "$work"
cd "$work" || exit 1
gen() { # name w h frames
    local size=$(($2 * $3 * 3 / 2 * $4))
    if [ ! -s "$1_ref.yuv" ] || [ "$(stat -c %s "$1_ref.yuv")" != "$size" ]; then
        "$build/tests/golden/gen_yuv" -w "$2" -h "$3" -p 420 -b 8 -n "$4" -s 7 -k mix \
            "$1_ref.yuv" "$1_dis.yuv" || exit 1
    fi
    cat "$1_ref.yuv" "$1_dis.yuv" >/dev/null # into the page cache
}
gen hd 1920 1080 300
gen uhd 3840 2160 120

size_of() { if [ "$1" = hd ]; then echo "-w 1920 -h 1080"; else echo "-w 3840 -h 2160"; fi; }

# score NAME TOOL INPUT FRAMES ARGS...: wall seconds in NAME.time, JSON in
# NAME.json, log in NAME.log; a failure is reported and leaves no .time.
score() {
    local name=$1 tool=$2 input=$3 n=$4
    shift 4
    rm -f "$name.time"
    local t0 t1
    t0=$(date +%s.%N)
    # shellcheck disable=SC2046
    if ! "$tool" -r "${input}_ref.yuv" -d "${input}_dis.yuv" $(size_of "$input") -p 420 -b 8 \
        --frame_cnt "$n" -q --json -o "$name.json" "$@" >"$name.log" 2>&1; then
        echo "$name failed: $(tail -3 "$name.log")" >&2
        return 1
    fi
    t1=$(date +%s.%N)
    echo "$t0 $t1" | awk '{print $2 - $1}' >"$name.time"
}

scores() { # JSON [--pooled]: the scores without timing
    python3 - "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d.pop("fps", None)
if len(sys.argv) > 2:
    d = d["pooled_metrics"]
print(json.dumps(d, sort_keys=True))
PY
}
same() { # a b [--pooled]
    cmp -s <(scores "$1.json" ${3:-}) <(scores "$2.json" ${3:-})
}

# The twins and the --feature that selects each.
declare -A twin_feature=(
    [psnr]=psnr [motion]=motion [vif]=vif [adm]=adm
    [float_psnr]=float_psnr [float_ansnr]=float_ansnr [float_moment]=float_moment
    [float_motion]=float_motion [motion_v2]=motion_v2 [float_vif]=float_vif
    [ssim]=ssim [float_ssim]=float_ssim [float_ms_ssim]=float_ms_ssim
    [cambi]=cambi [speed_chroma]=speed_chroma [speed_temporal]=speed_temporal
    [float_ms_ssim_chroma]="float_ms_ssim=enable_chroma=true"
    [psnr_hvs]=psnr_hvs [ciede]=ciede [float_adm]=float_adm
)
twins=${TWINS-"psnr motion vif adm float_psnr float_ansnr float_moment float_motion motion_v2 \
float_vif ssim float_ssim float_ms_ssim float_ms_ssim_chroma cambi speed_chroma speed_temporal \
psnr_hvs ciede float_adm"}

echo "== twins"
twin_rows=""
parity=ok
for t in $twins; do
    f=${twin_feature[$t]}
    for input in hd uhd; do
        if [ $input = hd ]; then n1=50 n2=300 check=8; else n1=20 n2=120 check=4; fi
        score "${t}_${input}_cpu" "$vmaf" $input $check --backend cpu --feature "$f" -n || continue
        score "${t}_${input}_chk" "$vmaf" $input $check --backend cuda --feature "$f" -n || continue
        if ! same "${t}_${input}_cpu" "${t}_${input}_chk"; then
            echo "$t $input: CUDA and CPU JSON differ" >&2
            parity=FAILED
        fi
        if grep -q 'runs on the CPU' "${t}_${input}_chk.log"; then
            echo "$t $input: served by the CPU: $(grep -m1 'runs on the CPU' "${t}_${input}_chk.log")" >&2
            parity=FAILED
        fi
        score "${t}_${input}_a" "$vmaf" $input $n1 --backend cuda --feature "$f" -n || continue
        score "${t}_${input}_b" "$vmaf" $input $n2 --backend cuda --feature "$f" -n || continue
        # "cuda: N frames, U plane uploads (u a frame, ...": the planes a frame.
        per=$(grep -o '([0-9.]* a frame' "${t}_${input}_b.log" | head -1 | tr -d '(' | cut -d' ' -f1)
        plane=$([ $input = hd ] && echo 2073600 || echo 8294400)
        twin_rows+=$(awk -v t="$t" -v z=$input -v a="$(cat "${t}_${input}_a.time")" \
            -v b="$(cat "${t}_${input}_b.time")" -v n1=$n1 -v n2=$n2 -v p="${per:-0}" \
            -v pl=$plane -v g="$upload_gbs" 'BEGIN {
                ms = (b - a) / (n2 - n1) * 1000; up = 0
                # a 4:2:0 chroma plane is a quarter of the luma; speed_chroma
                # reads chroma alone
                luma = t == "speed_chroma" ? 0 : (p >= 2 ? 2 : p); chroma = p - luma
                bytes = luma * pl + chroma * pl / 4
                upms = bytes / (g * 1e9) * 1000
                share = ms > 0 ? 100 * upms / ms : 0
                printf "\n| %s | %s | %.3f | %.1f | %.2f | %.0f%% |", t, (z == "hd" ? "1080p" : "2160p"),
                    ms, p, bytes / 1e6, share }')
    done
done

echo "== models"
model_rows=""
pooled=ok
models=${MODELS-"vmaf_v0.6.1 vmaf_v0.6.1neg vmaf_float_v0.6.1 v1.0.16"}
for m in $models; do
    spec="version=$m"
    [ "$m" = v1.0.16 ] && spec="path=$VMAF_MODEL_DIR/vmaf_v1.0.16/vmaf_v1.0.16_3d0h.json"
    score "m_${m}_cuda" "$vmaf" hd 300 --model "$spec" --backend cuda
    score "m_${m}_cpu" "$vmaf" hd 300 --model "$spec" --backend cpu --threads "$jobs"
    if [ -e "m_${m}_cuda.time" ] && [ -e "m_${m}_cpu.time" ] && ! same "m_${m}_cuda" "m_${m}_cpu"; then
        echo "$m: our CUDA and CPU JSON differ" >&2
        pooled=FAILED
    fi
    row_ref_cuda="" row_ref_cpu=""
    if [ -n "$ref_cuda" ] && score "m_${m}_refcuda" "$ref_cuda" hd 300 --model "$spec"; then
        row_ref_cuda=$(cat "m_${m}_refcuda.time")
    fi
    if [ -n "$ref_cpu" ] && score "m_${m}_refcpu" "$ref_cpu" hd 300 --model "$spec" --threads "$jobs"; then
        row_ref_cpu=$(cat "m_${m}_refcpu.time")
        if ! same "m_${m}_cpu" "m_${m}_refcpu" --pooled; then
            echo "$m: pooled scores differ from the reference CPU tool" >&2
            diff <(scores "m_${m}_cpu.json" --pooled | tr ',' '\n') \
                <(scores "m_${m}_refcpu.json" --pooled | tr ',' '\n') | head -10 >&2
            pooled=FAILED
        fi
    fi
    model_rows+=$(awk -v m="$m" -v a="$(cat "m_${m}_cuda.time" 2>/dev/null)" \
        -v b="$(cat "m_${m}_cpu.time" 2>/dev/null)" -v c="$row_ref_cuda" -v d="$row_ref_cpu" \
        'function fps(s) { return s > 0 ? sprintf("%.1f", 300 / s) : "-" }
         BEGIN { r = (c > 0 && a > 0) ? sprintf("%.2fx", c / a) : "-"
                 printf "\n| %s | %s | %s | %s | %s | %s |", m, fps(a), fps(b), fps(c), fps(d), r }')
done

echo
echo "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $jobs cores; 8-bit 4:2:0 raw YUV"
echo "GPU tests: $tests; twin JSON equal to CPU: $parity; models: $pooled"
echo
echo "Per twin, alone, a frame on the GPU (difference of 300 and 50 frames at 1080p, 120 and 20"
echo "at 2160p); uploads a frame from the log; the upload share at ${upload_gbs} GB/s:"
echo
echo "| twin | size | ms a frame | plane uploads a frame | MB uploaded | upload share |"
echo "| --- | --- | --- | --- | --- | --- |$twin_rows"
echo
echo "Whole models, 1080p, 300 frames, fps end to end, the CPU runs with $jobs threads:"
echo
echo "| model | ours CUDA | ours CPU | reference CUDA | reference CPU | ours / reference CUDA |"
echo "| --- | --- | --- | --- | --- | --- |$model_rows"
[ "$tests" != FAILED ] && [ $parity = ok ] && [ $pooled = ok ]

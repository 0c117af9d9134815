#!/bin/sh
# The CLI as the reference's users call it: every flag of libvmaf's vmaf
# tool is accepted; flags of older libvmaf tools are refused naming what
# replaces them; -q leaves nothing on stderr but errors; --backend cuda fails
# where no GPU is usable (only auto falls back to the CPU).
# Usage: flags.sh VMAF GEN_YUV WORKDIR
vmaf=$1 gen=$2 dir=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir" && cd "$dir" || exit 1
rm -rf ./*.json ./*.yuv models
fails=0 cases=0
# Large enough for every extractor of the CTC presets (cambi, float_ms_ssim).
"$gen" -w 224 -h 224 -p 420 -b 8 -n 3 -s 1 -k mix ref.yuv dis.yuv || exit 1
raw="-w 224 -h 224 -p 420 -b 8"
. "$here/cli_lib.sh"
# run ARGS...: sets status and msg (stderr); stdout is dropped.
run() {
    rm -f out.json
    run_vmaf 300 "$@"
}

# --- The reference CLI's flags, each accepted (exit 0, scores written).
for flags in "--cpumask 0" "--cpumask 0xffffffff" "--gpumask 0" "--aom_ctc v1.0" "--aom_ctc v6.0" \
    "--nflx_ctc v1.0" "--subsample 2" "--threads 2" "--frame_cnt 2" "--frame_skip_ref 1" \
    "--frame_skip_dist 1" "--xml" "--csv" "--sub" "--json" "-n --feature psnr" "-q" \
    "--model version=vmaf_v0.6.1:name=v" "--feature float_ssim"; do
    run -r ref.yuv -d dis.yuv $raw $flags -o out.json
    if [ $status != 0 ] || [ ! -s out.json ]; then
        fail "exit $status, want 0 and an output file" "... $flags" "$msg"
    fi
done
run --version
[ $status = 0 ] || fail "exit $status, want 0" "--version" "$msg"
run -v
[ $status = 0 ] || fail "exit $status, want 0" "-v" "$msg"

# --- Older tools' flags: refused (exit 1) with the replacement named.
while IFS='|' read -r flag instead; do
    run -r ref.yuv -d dis.yuv $raw $flag -o out.json
    if [ $status != 1 ] || ! printf '%s' "$msg" | grep -qF -- "use $instead" || [ -e out.json ]; then
        fail "exit $status, want 1 naming '$instead'" "$flag" "$msg"
    fi
done <<'EOF_FLAGS'
--psnr|--feature psnr
--ssim|--feature float_ssim
--ms-ssim|--feature float_ms_ssim
--log out.json|-o/--output PATH
--log-fmt=json|--xml, --json, --csv or --sub
--pool mean|the output file's pooled_metrics
--phone-model|--model version=vmaf_v0.6.1:enable_transform
--ci|--model version=vmaf_b_v0.6.3
EOF_FLAGS

# --- -q: errors only. A model file in $VMAF_MODEL_DIR makes the library log
# a line at INFO (and a CUDA build without a GPU another): both absent with -q.
mkdir -p models
src_model=$here/../../model/vmaf_v0.6.1.json
if [ -f "$src_model" ]; then
    cp "$src_model" models/
    cases=$((cases + 1))
    loud=$(VMAF_MODEL_DIR=$PWD/models "$vmaf" -r ref.yuv -d dis.yuv $raw -o out.json 2>&1 >/dev/null)
    printf '%s' "$loud" | grep -q 'read from .*models/vmaf_v0.6.1.json' ||
        fail "without -q the override is logged" "VMAF_MODEL_DIR=models ..." "$loud"
    cases=$((cases + 1))
    quiet=$(VMAF_MODEL_DIR=$PWD/models "$vmaf" -r ref.yuv -d dis.yuv $raw -q -o out.json 2>&1 >/dev/null)
    [ -z "$quiet" ] || fail "-q printed something" "VMAF_MODEL_DIR=models ... -q" "$quiet"
else
    echo "SKIP -q override: no $src_model"
fi
run -r ref.yuv -d dis.yuv $raw -q --model version=nosuch -o out.json
[ $status = 2 ] && printf '%s' "$msg" | grep -q 'no model "nosuch"' ||
    fail "exit $status, want 2 with the error despite -q" "-q --model version=nosuch" "$msg"

# --- --backend cuda: the GPU, or an error (exit 2, no output). Never the CPU.
run -r ref.yuv -d dis.yuv $raw --backend cuda -o out.json
if [ $status = 0 ]; then
    echo "note: --backend cuda found a usable GPU here; the no-GPU error is not exercised"
    [ -s out.json ] || fail "exit 0 but no output" "--backend cuda" "$msg"
elif [ $status != 2 ] || ! printf '%s' "$msg" | grep -q -- "--backend cuda: \(no usable CUDA device\|this build has no CUDA backend\)" ||
    [ -e out.json ]; then
    fail "exit $status, want 2 naming why and no output" "--backend cuda" "$msg"
fi
run -r ref.yuv -d dis.yuv $raw --backend cuda -q -o out.json
if [ $status != 0 ] && ! printf '%s' "$msg" | grep -q -- "--backend cuda"; then
    fail "exit $status: -q hid the --backend cuda error" "--backend cuda -q" "$msg"
fi
run -r ref.yuv -d dis.yuv $raw --backend cuda --gpumask 1 -o out.json
[ $status = 1 ] && printf '%s' "$msg" | grep -q -- "--gpumask" ||
    fail "exit $status, want 1: --gpumask contradicts --backend cuda" "--backend cuda --gpumask 1" "$msg"
run -r ref.yuv -d dis.yuv $raw --backend auto -o out.json
[ $status = 0 ] || fail "exit $status, want 0 (auto falls back to the CPU)" "--backend auto" "$msg"

# --- --backend sycl and hip: the device (for SYCL, the CPU's through AdaptiveCpp's OpenMP host
# device counts) with the CPU's scores, or an error (exit 2, no output) saying why: no backend in
# the build, no device (for HIP also no module, no ROCm, another architecture). A device that does
# not exist is an error either way.
run -r ref.yuv -d dis.yuv $raw --backend cpu -o cpu.json
grep -v 'version\|fps' cpu.json >cpu.cmp
# gpu_backend NAME WHY: WHY, the pattern of its errors' reasons.
gpu_backend() {
    run -r ref.yuv -d dis.yuv $raw --backend "$1" -o out.json
    if [ $status = 0 ]; then
        cases=$((cases + 1))
        grep -v 'version\|fps' out.json >"$1.cmp"
        cmp -s "$1.cmp" cpu.cmp || fail "the $1 backend's scores differ from the CPU's" "--backend $1" "$msg"
    elif [ $status != 2 ] || ! printf '%s' "$msg" | grep -q -- "--backend $1: \($2\)" || [ -e out.json ]; then
        fail "exit $status, want 2 naming why and no output" "--backend $1" "$msg"
    fi
    rm -f out.json
    run -r ref.yuv -d dis.yuv $raw --backend "$1" --gpu_device 99 -o out.json
    [ $status = 2 ] && [ ! -e out.json ] && printf '%s' "$msg" | grep -q -- "--backend $1" ||
        fail "exit $status, want 2 naming --backend $1 and no output" "--backend $1 --gpu_device 99" "$msg"
}
gpu_backend sycl "no SYCL device\|this build has no SYCL backend"
gpu_backend hip "no usable HIP device\|this build has no HIP backend"
run -r ref.yuv -d dis.yuv $raw --backend hip --gpumask 1 -o out.json
[ $status = 1 ] && printf '%s' "$msg" | grep -q -- "--gpumask" ||
    fail "exit $status, want 1: --gpumask contradicts --backend hip" "--backend hip --gpumask 1" "$msg"
run -r ref.yuv -d dis.yuv $raw --backend auto -o out.json
if [ $status = 0 ] && printf '%s' "$msg" | grep -q "cuda: no usable device" &&
    ! printf '%s' "$msg" | grep -q "^hip: scoring on"; then
    cases=$((cases + 1))
    printf '%s' "$msg" | grep -q "no usable GPU device: features run on the CPU" ||
        fail "auto without a GPU must say it scores on the CPU" "--backend auto" "$msg"
fi

echo "cli.flags: $((cases - fails)) passed, $fails failed"
[ "$fails" = 0 ]

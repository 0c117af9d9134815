#!/usr/bin/env bash
# Exactness on this host, in one call: builds vmaf-ng (CUDA for sm_90 where
# nvcc is found), runs the whole ctest suite, then every golden case through
# the reference's code paths (C, AVX2, its default) and ours (C, AVX2, CPU
# default, CUDA) side by side, and prints where they differ. The JSON of
# every run goes to OUTDIR (a tarball of it to $OUT when that is set).
#
# Usage: bench/vendor_check.sh REF_VMAF [CASE...]
#   REF_VMAF: the reference CLI, built elsewhere; BUILD, OUTDIR,
#   VMAF_MODEL_DIR; SKIP_CTEST=1 leaves the suite out.
set -uo pipefail
ref=$(realpath "${1:?usage: vendor_check.sh REF_VMAF [CASE...]}")
shift
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$here/build-vendor}
outdir=${OUTDIR:-$build/side-by-side}
: "${VMAF_MODEL_DIR:?set VMAF_MODEL_DIR to the model files}"
export VMAF_MODEL_DIR
t0=$SECONDS
step() { echo "== $1 ($((SECONDS - t0)) s)"; }

step "host"
grep -m1 'model name' /proc/cpuinfo
grep -m1 -o 'avx512[a-z]*' /proc/cpuinfo | head -1 || echo "no AVX-512"
ldd --version | head -1
cc --version | head -1
nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 || true

step "build"
cuda=OFF
command -v nvcc >/dev/null && cuda=ON
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DVMAF_CUDA=$cuda \
    -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null || exit 1
cmake --build "$build" -j "$(nproc)" >/dev/null || exit 1

step "side by side"
rm -rf "$outdir"
python3 "$here/tests/golden/golden.py" side-by-side --ref-vmaf "$ref" --vmaf "$build/vmaf" \
    --gen "$build/tests/golden/gen_yuv" --models "$VMAF_MODEL_DIR" --work "$build/sbs-work" \
    --cases "$here/tests/golden/cases.txt" --out "$outdir" "$@" | tee "${OUT:-$build}/side-by-side.md"
[ -z "${OUT:-}" ] || tar czf "$OUT/side-by-side.tgz" -C "$outdir" .

suite=skipped
log=${OUT:-$build}/ctest.log
if [ -z "${SKIP_CTEST:-}" ]; then
    step "ctest"
    suite=passed
    (cd "$build" && ctest --output-on-failure -j "$(nproc)") >"$log" 2>&1 || suite=FAILED
    grep -E "tests passed|tests failed|^ *[0-9]+ - |\(Failed\)|\(Skipped\)" "$log" | tail -40
fi

step "done"
echo "ctest: $suite"

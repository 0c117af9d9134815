#!/usr/bin/env bash
# Each CUDA kernel of a model, next to its memory floor, on a machine with a
# GPU: Nsight Compute (ncu, clocks left alone) profiles every launch of a
# short run of our CLI on generated raw YUV, and a table per input gives,
# per kernel, its launches a frame, its mean time, the DRAM bytes it moved
# and the time those bytes take at the card's peak bandwidth (the floor),
# and last the frame's total against the floor of reading both pictures'
# luma once. The first WARM frames are left out of the means.
#
# Usage: bench/cuda_kernels.sh [VMAF]
#   VMAF (BUILD/vmaf), BUILD (build-cuda-bench, made as cuda_bench.sh does
#   when it has no vmaf), WORK, VMAF_MODEL_DIR, MODEL (vmaf_v0.6.1),
#   SCORE (what is scored: "--model version=MODEL" unless set, e.g.
#   "--feature ssimulacra2 --no_prediction"),
#   INPUTS ("1080p8 1080p10 2160p8"), FRAMES (16), WARM (4),
#   BACKEND (cuda; sycl profiles the SYCL backend's kernels, which
#   AdaptiveCpp launches through the same driver),
#   PEAK_GBS (the card's DRAM bandwidth; from its name if unset),
#   DETAIL (regexes of demangled kernel names as ncu prints them, without
#   spaces, e.g. "scale_kernel<.int.0" for "scale_kernel<(int)0, ...>";
#   space-separated; after each table,
#   Nsight Compute's throughput, pipe, stall and occupancy sections of one
#   launch after the warm frames of the kernel each matches, the evidence of
#   what bounds it).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$here/build-cuda-bench}
vmaf=${1:-$build/vmaf}
work=${WORK:-$build/kernels}
model=${MODEL:-vmaf_v0.6.1}
read -r -a score <<<"${SCORE:---model version=$model}"
inputs=${INPUTS:-1080p8 1080p10 2160p8}
frames=${FRAMES:-16}
warm=${WARM:-4}
backend=${BACKEND:-cuda}
: "${VMAF_MODEL_DIR:?set VMAF_MODEL_DIR to the model files}"
export VMAF_MODEL_DIR

if [ ! -x "$vmaf" ]; then
    echo "== build"
    cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DVMAF_CUDA=ON \
        -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
    cmake --build "$build" -j "$(nproc)" >/dev/null
fi
gen_yuv=$build/tests/golden/gen_yuv
command -v ncu >/dev/null || { echo "ncu is not on the PATH" >&2; exit 1; }
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
if [ -z "${PEAK_GBS:-}" ]; then
    case "$card" in
    *H200*) PEAK_GBS=4800 ;;
    *H100*) PEAK_GBS=3350 ;;
    *) echo "unknown card '$card': set PEAK_GBS" >&2; exit 1 ;;
    esac
fi

mkdir -p "$work"
cd "$work"
for input in $inputs; do
    case "$input" in
    1080p8) w=1920 h=1080 b=8 ;;
    1080p10) w=1920 h=1080 b=10 ;;
    2160p8) w=3840 h=2160 b=8 ;;
    2160p10) w=3840 h=2160 b=10 ;;
    *) echo "unknown input $input" >&2; exit 1 ;;
    esac
    [ -s "${input}_dis.yuv" ] ||
        "$gen_yuv" -w $w -h $h -p 420 -b $b -n "$frames" -s 7 -k mix "${input}_ref.yuv" \
            "${input}_dis.yuv"
    # Direct launches: each kernel is its own launch to ncu.
    VMAF_CUDA_DISPATCH=direct ncu --clock-control none --csv --page raw \
        --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active \
        "$vmaf" -r "${input}_ref.yuv" -d "${input}_dis.yuv" -w $w -h $h -p 420 -b $b \
        "${score[@]}" --backend "$backend" --frame_cnt "$frames" -q -o /dev/null \
        >"$input.csv" 2>"$input.log" || { cat "$input.log" >&2; exit 1; }
    echo
    echo "${SCORE:-$model}, $backend, $input ($w x $h, $b-bit 4:2:0), $card, peak $PEAK_GBS GB/s, frames $((warm + 1))-$frames"
    python3 - "$input.csv" "$frames" "$warm" "$PEAK_GBS" $w $h $b <<'EOF'
import csv, re, sys
path, frames, warm, peak, w, h, b = sys.argv[1], *map(int, sys.argv[2:])
rows = [r for r in csv.DictReader(l for l in open(path) if l.startswith('"'))]
units = rows[0]
rows = [r for r in rows[1:] if r.get("Kernel Name")]
def num(r, k):
    try:
        v = float(r[k].replace(",", ""))
    except ValueError:  # n/a
        return 0.0
    u = units[k]
    # ncu 2025 writes ns, us, ms; older releases nsecond, usecond, msecond.
    return v * {"ns": 1e-3, "nsecond": 1e-3, "us": 1, "usecond": 1, "ms": 1e3, "msecond": 1e3,
                "byte": 1, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9, "%": 1}[u]
def short(name):
    name = re.sub(r"\(anonymous namespace\)::|<unnamed>::", "", name)
    name = re.sub(r"\([^()]*\)$", "", name)  # the arguments
    return re.sub(r"^void ", "", name)
kernels = {}
for r in rows:
    kernels.setdefault(short(r["Kernel Name"]), []).append(r)
print("| kernel | a frame | us | DRAM MB | floor us | x floor | regs | warps % |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
total = floor_total = 0.0
for name, rs in kernels.items():
    per_frame = len(rs) / frames
    kept = rs[int(round(warm * per_frame)):] or rs
    us = sum(num(r, "gpu__time_duration.sum") for r in kept) / len(kept)
    mb = sum(num(r, "dram__bytes_read.sum") + num(r, "dram__bytes_write.sum") for r in kept) / len(kept) / 1e6
    floor = mb * 1e6 / (peak * 1e9) * 1e6
    regs = kept[0]["launch__registers_per_thread"]
    warps = sum(num(r, "sm__warps_active.avg.pct_of_peak_sustained_active") for r in kept) / len(kept)
    total += us * per_frame
    floor_total += floor * per_frame
    print(f"| {name} | {per_frame:g} | {us:.1f} | {mb:.2f} | {floor:.2f} | {us / floor if floor else 0:.0f} | {regs} | {warps:.0f} |")
luma = 2 * w * h * (1 if b == 8 else 2)
print(f"| **a frame** | | **{total:.1f}** | | {floor_total:.2f} | {total / floor_total if floor_total else 0:.0f} | | |")
print(f"\nReading both lumas once: {luma / 1e6:.1f} MB, {luma / (peak * 1e9) * 1e6:.2f} us at {peak} GB/s.")
EOF
    for regex in ${DETAIL:-}; do
        VMAF_CUDA_DISPATCH=direct ncu --clock-control none --kernel-name-base demangled -k "regex:$regex" \
            --launch-skip "$warm" --launch-count 1 --print-summary none \
            --section SpeedOfLight --section ComputeWorkloadAnalysis \
            --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \
            --section InstructionStats \
            "$vmaf" -r "${input}_ref.yuv" -d "${input}_dis.yuv" -w $w -h $h -p 420 -b $b \
            "${score[@]}" --backend "$backend" --frame_cnt "$frames" -q -o /dev/null \
            >"$input.detail" 2>&1 || { cat "$input.detail" >&2; exit 1; }
        echo
        grep -v "^==PROF==" "$input.detail" | grep -vE "^ +-+ +-+ +-+$" | sed -E 's/ +$//'
    done
done

#!/usr/bin/env bash
# Issue 23's rows on a GPU machine's host CPU, in one call: our CLI (--backend
# cpu) against the reference CLI, vmaf_v0.6.1 on 16 threads and on one at
# 1080p and 2160p (and 10-bit 1080p on one), vmaf_float_v0.6.1 and
# vmaf_v1.0.16_3d0h on one thread at 576x324 (bench/cpu_fps.sh,
# interleaved, fastest of RUNS, of 2 on one thread); then FFmpeg's CPU
# libvmaf filter with n_threads=16 on raw 1080p and 2160p, our CPU-only
# library against the reference's (the GPU would otherwise serve ours).
# ONE_THREAD=0 leaves the one-thread rows out; FRAMES_HD (240) and
# FRAMES_UHD (60) set the 1080p and 2160p pairs' lengths.
# Usage: bench/cpu_host.sh OURS REF_VMAF GEN_YUV DEVDIR [RUNS]
#   DEVDIR as bench/nvdec_check.sh's, with lib/ours_cpu (our libvmaf.so.3
#   built with -DVMAF_CUDA=OFF) and lib/ref.
set -u
ours=${1:?usage: cpu_host.sh OURS REF_VMAF GEN_YUV DEVDIR [RUNS]}
ref=$2 gen=$3 dev=$4 runs=${5:-3}
here=$(cd "$(dirname "$0")" && pwd)
in=${IN:-/dev/shm/cpu_host}
lscpu | grep -m1 "Model name"; nproc
hd=${FRAMES_HD:-240} uhd=${FRAMES_UHD:-60}
bash "$here/make_inputs.sh" "$gen" "$in" 48 "$hd" "$uhd" >/dev/null
export OURS=$ours
echo "== vmaf_v0.6.1, 16 threads"
THREADS=16 C_ONLY=0 NAMES="gen_1920x1080 gen_3840x2160" bash "$here/cpu_fps.sh" "$ref" "$in" "$runs"
if [ "${ONE_THREAD:-1}" != 0 ]; then
    echo "== vmaf_v0.6.1, one thread (--threads 0)"
    THREADS=0 C_ONLY=0 NAMES="gen_1920x1080 gen_1920x1080_10 gen_3840x2160" bash "$here/cpu_fps.sh" "$ref" "$in" 2
    for m in vmaf_float_v0.6.1 vmaf_v1.0.16_3d0h; do
        echo "== $m, one thread"
        MODEL=$m THREADS=0 C_ONLY=0 NAMES=gen_576x324 bash "$here/cpu_fps.sh" "$ref" "$in" 2
    done
fi
echo "== FFmpeg's libvmaf filter, n_threads=16 (fps of the whole process)"
for size in "1920x1080:$hd" "3840x2160:$uhd"; do
    wh=${size%:*} n=${size#*:}
    name=gen_$wh
    for r in $(seq "$runs"); do
        line="$name round $r:"
        for lib in ours_cpu ref; do
            t0=$(date +%s.%N)
            LD_LIBRARY_PATH=$dev/lib/$lib "$dev/ffmpeg" -hide_banner -nostdin -loglevel error \
                -f rawvideo -pix_fmt yuv420p -s "$wh" -i "$in/${name}_dis.yuv" \
                -f rawvideo -pix_fmt yuv420p -s "$wh" -i "$in/${name}_ref.yuv" \
                -lavfi "[0:v][1:v]libvmaf=n_threads=16" -f null - || echo "FAIL $lib"
            line="$line $lib $(echo "$t0 $(date +%s.%N)" | awk -v n="$n" '{printf "%.1f", n / ($2 - $1)}')"
        done
        echo "$line"
    done
done

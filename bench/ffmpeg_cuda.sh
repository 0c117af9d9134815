#!/bin/sh
# FFmpeg's libvmaf_cuda filter on NVDEC-decoded pairs, on a GPU machine
# (docs/ffmpeg.md, docs/benchmarks.md):
#  parity: the filter through our library scores every frame of each pair
#    as our CLI does on the same frames decoded to Y4M, to every printed digit
#    (per frame and pooled);
#  speed: decode-only (the ceiling), the filter through our library and, when
#    REF_LIB is set, through the reference's, interleaved REPS times; fps of
#    the whole process (start-up included), the first run shown apart.
# Environment:
#   FFMPEG   an FFmpeg 7.1 built with --enable-libvmaf --enable-cuda-nvcc
#            --enable-nvdec (linked to libvmaf.so.3, found by LD_LIBRARY_PATH)
#   OUR_LIB  the directory of our libvmaf.so.3; REF_LIB the reference's (optional)
#   CLI      our vmaf CLI; CLIPS the directory of NAME_ref.mp4 and NAME_dis.mp4
#   PAIRS    the NAMEs (default: h264_1080 hevc_1080 h264_2160 hevc_2160)
#   MODE     parity, speed or all (default); REPS (default 3); WORK (default /tmp/ffbench)
# Prints a table last; exits non-zero when a parity check failed.
set -u
: "${FFMPEG:?}" "${OUR_LIB:?}" "${CLI:?}" "${CLIPS:?}"
REF_LIB=${REF_LIB:-}
PAIRS=${PAIRS:-h264_1080 hevc_1080 h264_2160 hevc_2160}
MODE=${MODE:-all}
REPS=${REPS:-3}
WORK=${WORK:-/tmp/ffbench}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$WORK"
fails=0
table=""

hw="-hwaccel cuda -hwaccel_output_format cuda"
scale="[0:v]scale_cuda=format=yuv420p[r];[1:v]scale_cuda=format=yuv420p[d]"

# ff LIBDIR NAME FILTER_TAIL ARGS...: the pair through NVDEC and scale_cuda.
ff() {
    lib=$1 name=$2 tail=$3
    shift 3
    LD_LIBRARY_PATH=$lib "$FFMPEG" -hide_banner -nostdin -loglevel error $hw \
        -i "$CLIPS/${name}_ref.mp4" $hw -i "$CLIPS/${name}_dis.mp4" \
        -filter_complex "$scale;$tail" "$@" -f null -
}

frames_of() { python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['frames']))" "$1"; }

parity() {
    name=$1
    t0=$(date +%s)
    ff "$OUR_LIB" "$name" "[d][r]libvmaf_cuda=log_fmt=json:log_path=$WORK/ff.json" ||
        { echo "FAIL $name: the libvmaf_cuda filter"; fails=$((fails + 1)); return; }
    for side in ref dis; do
        LD_LIBRARY_PATH=$OUR_LIB "$FFMPEG" -hide_banner -nostdin -loglevel error -y \
            -i "$CLIPS/${name}_$side.mp4" -f yuv4mpegpipe "$WORK/$side.y4m" ||
            { echo "FAIL $name: decoding $side to Y4M"; fails=$((fails + 1)); return; }
    done
    "$CLI" -r "$WORK/ref.y4m" -d "$WORK/dis.y4m" --threads "$(nproc)" -q --json \
        -o "$WORK/cli.json" >/dev/null ||
        { echo "FAIL $name: the CLI"; fails=$((fails + 1)); return; }
    rm -f "$WORK/ref.y4m" "$WORK/dis.y4m"
    n=$(frames_of "$WORK/ff.json")
    if python3 "$here/tests/install/same_scores.py" "$WORK/cli.json" "$WORK/ff.json" \
        "$name: libvmaf_cuda against the CLI on Y4M"; then
        vmaf=$(python3 -c "import json,sys; print('%.6f' % json.load(open(sys.argv[1]))\
['pooled_metrics']['vmaf']['mean'])" "$WORK/ff.json")
        table="$table
| $name | parity | $n frames, every score equal to the CLI's, pooled vmaf $vmaf | $(($(date +%s) - t0)) s |"
    else
        fails=$((fails + 1))
        table="$table
| $name | parity | FAILED | |"
    fi
}

# fps VARIANT NAME FRAMES: one timed run.
fps() {
    variant=$1 name=$2 n=$3
    t0=$(date +%s.%N)
    case $variant in
    decode) ff "$OUR_LIB" "$name" "[r]null[a];[d]null[b]" -map "[a]" -map "[b]" ;;
    ours) ff "$OUR_LIB" "$name" "[d][r]libvmaf_cuda" ;;
    reference) ff "$REF_LIB" "$name" "[d][r]libvmaf_cuda" ;;
    esac >"$WORK/run.log" 2>&1 || { echo "FAIL $variant $name: $(tail -2 "$WORK/run.log")" >&2; echo 0; return; }
    python3 -c "import sys; print('%.1f' % (int(sys.argv[1]) / (float(sys.argv[3]) - float(sys.argv[2]))))" \
        "$n" "$t0" "$(date +%s.%N)"
}

speed() {
    name=$1
    case $name in *_2160) n=600 ;; *) n=1200 ;; esac
    variants="decode ours"
    [ -n "$REF_LIB" ] && variants="$variants reference"
    for v in $variants; do eval "runs_$v=''"; done
    for rep in $(seq "$REPS"); do
        # A different order each round, so that no variant always runs first.
        order=$variants
        for k in $(seq $((rep - 1))); do order="$(echo "$order" | cut -d' ' -f2-) $(echo "$order" | cut -d' ' -f1)"; done
        for v in $order; do
            f=$(fps "$v" "$name" "$n")
            eval "runs_$v=\"\$runs_$v $f\""
            echo "$name round $rep $v: $f fps"
        done
    done
    for v in $variants; do
        eval "runs=\$runs_$v"
        med=$(echo $runs | tr ' ' '\n' | sort -n | sed -n "$(((REPS + 1) / 2))p")
        eval "med_$v=$med"
        table="$table
| $name | $v | $n frames: $(echo $runs | sed 's/ /, /g') fps (median $med) | |"
    done
    first=$(echo $runs_ours | cut -d' ' -f1)
    table="$table
| $name | ours / decode-only | $(ratio "$med_ours" "$med_decode") (medians); first run $(ratio "$first" "$med_decode") | |"
}

ratio() { python3 -c "import sys; print('%.1f%%' % (100 * float(sys.argv[1]) / float(sys.argv[2])))" "$1" "$2"; }

for name in $PAIRS; do
    [ "$MODE" = speed ] || parity "$name"
    [ "$MODE" = parity ] || speed "$name"
done
echo
echo "| pair | run | result | took |"
echo "| --- | --- | --- | --- |$table"
[ $fails = 0 ]

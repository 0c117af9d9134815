#!/bin/sh
# --chunks: a pair split at keyframes into pieces scored at once, each by its
# own decoders and context, scores exactly as the pair in one piece does,
# per frame and pooled, with the temporal features that reach furthest
# (motion's five-frame window with its moving average, float motion,
# SpEED), streams whose keyframes differ (closed and open GOPs, B-frames),
# skipped frames and --frame_cnt; too few frames for two chunks score in one
# piece, with a note. What cannot be split is refused by name: raw or Y4M
# input, a pipe, --subsample, a total over every frame (psnr's apsnr),
# inputs of different lengths, a --batch; exit 2 (1 for the command line),
# no output. On a GPU the chunks decode on NVDEC (bench/nvdec_check.sh
# checks that); here on the CPU.
# Usage: chunks.sh VMAF HAVE_LIBAV(ON|OFF) SAME_SCORES_PY WORKDIR
vmaf=$1 have_libav=$2 same=$3 dir=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir" && cd "$dir" || exit 1
rm -f ./*.json
fails=0 cases=0
. "$here/cli_lib.sh"

[ "$have_libav" = ON ] || { echo "SKIP: a build without FFmpeg's libraries reads no encoded video"; exit 77; }
command -v ffmpeg >/dev/null || { echo "SKIP: no ffmpeg to encode test pairs (Debian: ffmpeg)"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: no python3 to compare scores"; exit 77; }

# encode OUT FRAMES ARGS...: testsrc2 at 160x96, 24 fps, encoded once.
encode() {
    out=$1 e_frames=$2
    shift 2
    [ -s "$out" ] && return 0
    ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i "testsrc2=s=160x96:r=24" \
        -frames:v "$e_frames" -pix_fmt yuv420p "$@" "$out.tmp.${out##*.}" &&
        mv "$out.tmp.${out##*.}" "$out"
}

x265="log-level=error:open-gop=1:keyint=50:min-keyint=50:scenecut=0"
encode ref.mp4 300 -c:v libx264 -crf 18 -g 60 -bf 3 &&
    encode dis264.mp4 300 -c:v libx264 -crf 40 -g 48 -bf 2 &&
    encode dis265.mkv 300 -c:v libx265 -crf 38 -x265-params "$x265" &&
    encode short.mp4 290 -c:v libx264 -crf 40 -g 48 &&
    encode few_ref.mp4 60 -c:v libx264 -crf 18 &&
    encode few_dis.mp4 60 -c:v libx264 -crf 40 || exit 1

temporal="--feature motion=motion_five_frame_window=true:motion_moving_average=true
          --feature float_motion --feature speed_temporal"

# same_split DIST LABEL FLAGS...: one piece and several give the same scores.
same_split() {
    dist=$1 label=$2
    shift 2
    # shellcheck disable=SC2086 # $temporal is a list of flags
    run_vmaf 300 -r ref.mp4 -d "$dist" $temporal "$@" --chunks 1 --json -o one.json
    [ $status = 0 ] || { fail "exit $status in one piece" "$label $*" "$msg"; return; }
    for n in 2 3 5; do
        rm -f split.json
        # shellcheck disable=SC2086
        run_vmaf 300 -r ref.mp4 -d "$dist" $temporal "$@" --chunks $n --json -o split.json
        [ $status = 0 ] || { fail "exit $status in $n chunks" "$label --chunks $n $*" "$msg"; continue; }
        python3 "$same" one.json split.json "$label, $n chunks" || fails=$((fails + 1))
    done
}

same_split dis264.mp4 "H.264 against H.264 of other keyframes"
same_split dis265.mkv "HEVC, open GOPs, in Matroska"
same_split dis264.mp4 "skipped frames" --frame_skip_ref 3 --frame_skip_dist 1 --frame_cnt 250
same_split dis264.mp4 "psnr, ssim, on 2 threads" --feature psnr --feature float_ssim --threads 2

# The pair was split as asked: the plan, as a terminal shows it.
if command -v script >/dev/null; then
    cases=$((cases + 1))
    said=$(script -qec "\"$vmaf\" -r ref.mp4 -d dis264.mp4 --chunks 3" /dev/null 2>&1)
    printf '%s' "$said" | grep -q "300 frames in 6 chunks, 3 at once" ||
        fail "want the plan (6 chunks, 3 at once) on the terminal" "--chunks 3" "$said"
else
    echo "(no script(1): the plan on a terminal is not checked)"
fi

# Chunks of the default size and CPU chunks beside them: four at once.
run_vmaf 300 -r ref.mp4 -d dis264.mp4 --chunks 4 --cpu_chunks 2 --json -o split.json
[ $status = 0 ] || fail "exit $status" "--chunks 4 --cpu_chunks 2" "$msg"
run_vmaf 300 -r ref.mp4 -d dis264.mp4 --json -o one.json
python3 "$same" one.json split.json "--chunks 4 --cpu_chunks 2" || fails=$((fails + 1))

# refused DIST WANT LABEL FLAGS...: exit 2 saying WANT, no output file.
refused() {
    dist=$1 want=$2 label=$3
    shift 3
    rm -f out.json
    run_vmaf 60 -r ref.mp4 -d "$dist" "$@" -o out.json
    if [ $status != 2 ] || ! printf '%s' "$msg" | grep -q "$want" || [ -e out.json ]; then
        fail "want exit 2 saying \"$want\" and no output ($label)" "$*" "$msg"
    fi
}
refused short.mp4 'frame counts differ: "ref.mp4" has 300 frames, "short.mp4" has 290' \
    "lengths" --chunks 3
refused dis264.mp4 "totals over every frame" "apsnr" --chunks 3 --feature psnr=enable_apsnr=true
ffmpeg -nostdin -hide_banner -loglevel error -y -i ref.mp4 -frames:v 60 ref.y4m || exit 1
refused ref.y4m "both inputs must be encoded files" "Y4M" --chunks 2

# A pipe cannot be read from a keyframe on: refused, not scored whole.
cases=$((cases + 1))
said=$(timeout 60 sh -c "cat dis265.mkv | \"$vmaf\" -r ref.mp4 -d /dev/stdin --chunks 2 -o out.json" 2>&1)
if [ $? != 2 ] || ! printf '%s' "$said" | grep -q 'chunks: "/dev/stdin" is not a regular file' ||
    [ -e out.json ]; then
    fail "want exit 2 refusing a pipe, no output" "-d /dev/stdin --chunks 2" "$said"
fi

# Too few frames for two chunks: one piece, as the note says.
run_vmaf 60 -r few_ref.mp4 -d few_dis.mp4 --chunks 2 --json -o split.json
if [ $status != 0 ] || ! printf '%s' "$msg" | grep -q "60 frames make one chunk"; then
    fail "want exit 0 and a note on one chunk" "-r few_ref.mp4 --chunks 2" "$msg"
fi
run_vmaf 60 -r few_ref.mp4 -d few_dis.mp4 --json -o one.json
python3 "$same" one.json split.json "60 frames, --chunks 2" || fails=$((fails + 1))

run_vmaf 30 -r ref.mp4 -d dis264.mp4 --chunks 2 --subsample 2
if [ $status != 1 ] || ! printf '%s' "$msg" | grep -q "cannot split a --subsample run"; then
    fail "want exit 1 refusing --subsample" "--chunks 2 --subsample 2" "$msg"
fi
printf 'ref.mp4\tdis264.mp4\tb.json\n' >list.txt
run_vmaf 30 --batch list.txt --chunks 2
if [ $status != 1 ] || ! printf '%s' "$msg" | grep -q "split one pair"; then
    fail "want exit 1 refusing --chunks with --batch" "--batch list.txt --chunks 2" "$msg"
fi

echo "$cases cases, $fails failed"
[ $fails = 0 ]

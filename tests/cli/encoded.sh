#!/bin/sh
# Encoded input: pairs encoded here with Debian's ffmpeg (H.264, HEVC 10-bit,
# VP9 4:4:4, AV1; MP4, Matroska, WebM, IVF) score exactly as the same frames
# decoded to Y4M do, per frame and pooled, chroma features included; an
# encoded file against a Y4M one, a file read from a pipe, and a smaller
# encode scaled with --scale_dist as FFmpeg's bicubic scale makes it, too. Sizes,
# bit depths, layouts and frame counts that differ, a truncated stream, a
# file that is no video: each an error naming the files, exit 2, no output.
# A build without FFmpeg's libraries says so when given an encoded file.
# Usage: encoded.sh VMAF HAVE_LIBAV(ON|OFF) SAME_SCORES_PY WORKDIR
vmaf=$1 have_libav=$2 same=$3 dir=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir" && cd "$dir" || exit 1
rm -f ./*.json
fails=0 cases=0
. "$here/cli_lib.sh"

command -v ffmpeg >/dev/null || { echo "SKIP: no ffmpeg to encode test pairs (Debian: ffmpeg)"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: no python3 to compare scores"; exit 77; }

# encode NAME SIZE PIX_FMT CRF FRAMES CODEC_ARGS...: testsrc2, encoded once.
encode() {
    out=$1 e_size=$2 e_pix=$3 e_crf=$4 e_frames=$5
    shift 5
    [ -s "$out" ] && return 0
    ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i "testsrc2=s=$e_size:r=24" \
        -frames:v "$e_frames" -pix_fmt "$e_pix" -crf "$e_crf" "$@" "$out.tmp.${out##*.}" &&
        mv "$out.tmp.${out##*.}" "$out"
}

if [ "$have_libav" != ON ]; then
    encode plain.mp4 64x64 yuv420p 20 2 -c:v libx264 || exit 1
    run_vmaf 60 -r plain.mp4 -d plain.mp4 -q -o out.json
    if [ $status != 2 ] || ! printf '%s' "$msg" | grep -q "a build with FFmpeg's libraries"; then
        fail "exit $status, want 2 saying this build reads no encoded video" "-r plain.mp4" "$msg"
    fi
    echo "$cases cases, $fails failed (a build without FFmpeg's libraries)"
    [ $fails = 0 ]
    exit
fi

# pair NAME EXT PIX_FMT CODEC_ARGS...: NAME_ref.EXT and NAME_dis.EXT.
pair() {
    name=$1 ext=$2 pix=$3
    shift 3
    encode "${name}_ref.$ext" 320x240 "$pix" 18 12 "$@" &&
        encode "${name}_dis.$ext" 320x240 "$pix" 45 12 "$@"
}

# same_as_y4m NAME EXT FLAGS...: the pair scores as its Y4M decodes do.
same_as_y4m() {
    name=$1 ext=$2
    shift 2
    for side in ref dis; do
        ffmpeg -nostdin -hide_banner -loglevel error -y -i "${name}_$side.$ext" -strict -1 \
            "${name}_$side.y4m" || { fail "ffmpeg could not decode" "$name" ""; return; }
    done
    run_vmaf 300 -r "${name}_ref.y4m" -d "${name}_dis.y4m" "$@" --json -o y4m.json
    [ $status = 0 ] || { fail "exit $status on the Y4M decodes" "$name $*" "$msg"; return; }
    run_vmaf 300 -r "${name}_ref.$ext" -d "${name}_dis.$ext" "$@" --json -o enc.json
    [ $status = 0 ] || { fail "exit $status" "-r ${name}_ref.$ext -d ${name}_dis.$ext $*" "$msg"; return; }
    python3 "$same" y4m.json enc.json "$name.$ext against its Y4M decodes" || fails=$((fails + 1))
}

chroma="--feature psnr --feature float_ssim"
pair h264 mp4 yuv420p -c:v libx264 -preset veryfast && same_as_y4m h264 mp4 $chroma
pair hevc10 mkv yuv420p10le -c:v libx265 -preset ultrafast -x265-params log-level=error &&
    same_as_y4m hevc10 mkv $chroma
pair vp9_444 webm yuv444p -c:v libvpx-vp9 -b:v 0 -deadline realtime -cpu-used 8 &&
    same_as_y4m vp9_444 webm $chroma
pair av1 ivf yuv420p -c:v libaom-av1 -cpu-used 8 -row-mt 1 && same_as_y4m av1 ivf
pair h264_422_10 mov yuv422p10le -c:v libx264 -preset veryfast -profile:v high422 &&
    same_as_y4m h264_422_10 mov $chroma

# An encoded file against Y4M; an encoded file from a pipe.
run_vmaf 300 -r h264_ref.y4m -d h264_dis.y4m --json -o y4m_h264.json
run_vmaf 300 -r h264_ref.mp4 -d h264_dis.y4m --json -o mixed.json
[ $status = 0 ] || fail "exit $status" "-r h264_ref.mp4 -d h264_dis.y4m" "$msg"
python3 "$same" y4m_h264.json mixed.json "MP4 against Y4M" || fails=$((fails + 1))
cases=$((cases + 1))
msg=$(cat hevc10_dis.mkv | timeout 300 "$vmaf" -r hevc10_ref.mkv -d /dev/stdin --json \
    -o pipe.json 2>&1 >/dev/null)
status=$?
[ $status = 0 ] || fail "exit $status" "-d /dev/stdin (Matroska from a pipe)" "$msg"
run_vmaf 300 -r hevc10_ref.mkv -d hevc10_dis.mkv --json -o file.json
python3 "$same" file.json pipe.json "Matroska from a pipe" || fails=$((fails + 1))

# refused WHY WANT_GREP ARGS...: exit 2, the message, and no output file.
refused() {
    why=$1 want=$2
    shift 2
    rm -f out.json
    run_vmaf 300 "$@" -o out.json
    if [ $status != 2 ] || ! printf '%s' "$msg" | grep -qF -- "$want" || [ -e out.json ]; then
        fail "$why: exit $status, want 2, \"$want\" and no output" "$*" "$msg"
    fi
}

encode small.mp4 160x120 yuv420p 18 12 -c:v libx264 -preset veryfast
encode short.mp4 320x240 yuv420p 45 8 -c:v libx264 -preset veryfast
head -c "$(($(wc -c <h264_dis.mp4) / 2))" h264_dis.mp4 >cut.mp4
ffmpeg -nostdin -hide_banner -loglevel error -y -i hevc10_dis.mkv -c copy -f hevc cut.hevc &&
    head -c "$(($(wc -c <cut.hevc) * 2 / 3))" cut.hevc >cut_tail.hevc
printf 'not a video at all, only some words\n' >words.mp4

refused "sizes differ" '"small.mp4" is 160x120' -r h264_ref.mp4 -d small.mp4
refused "bit depths differ" 'bit depths differ' -r h264_ref.mp4 -d hevc10_dis.mkv
refused "layouts differ" 'pixel formats differ' -r h264_ref.mp4 -d vp9_444_dis.webm
refused "frame counts differ" '"short.mp4" ended after 8 frames, "h264_ref.mp4" has more' \
    -r h264_ref.mp4 -d short.mp4
refused "frame counts differ, the other way" '"short.mp4" ended after 8 frames' \
    -r short.mp4 -d h264_dis.mp4
refused "a truncated MP4" 'cut.mp4' -r h264_ref.mp4 -d cut.mp4
refused "a truncated HEVC stream" 'ended after' -r hevc10_ref.mkv -d cut_tail.hevc
refused "not a video" "FFmpeg's libraries cannot read it" -r h264_ref.mp4 -d words.mp4
refused "no such file" 'cannot open' -r h264_ref.mp4 -d missing.mkv

# FFmpeg's reader is a module loaded beside the tool (a static link has it
# inside): a tool without it reads raw YUV and Y4M, and says so of the rest.
if [ -e "$(dirname "$vmaf")/vmaf-libav.so" ]; then
    mkdir -p lone && cp "$vmaf" lone/vmaf
    tool=$vmaf vmaf=lone/vmaf
    refused "the module missing" "FFmpeg's libraries, which read encoded video, could not be loaded" \
        -r h264_ref.mp4 -d h264_dis.mp4
    run_vmaf 300 -r h264_ref.y4m -d h264_dis.y4m --json -o lone.json
    [ $status = 0 ] || fail "exit $status without the module" "-r h264_ref.y4m" "$msg"
    vmaf=$tool
fi

# --scale_dist: the distorted video at the reference's size, as FFmpeg's
# scale filter (bicubic) makes it; a Y4M one is not scaled.
ffmpeg -nostdin -hide_banner -loglevel error -y -i small.mp4 -vf scale=320:240:flags=bicubic \
    small_up.y4m || fail "ffmpeg could not scale" "small.mp4" ""
run_vmaf 300 -r h264_ref.y4m -d small_up.y4m $chroma --json -o scaled_y4m.json
run_vmaf 300 -r h264_ref.mp4 -d small.mp4 --scale_dist $chroma --json -o scaled.json
[ $status = 0 ] || fail "exit $status" "-r h264_ref.mp4 -d small.mp4 --scale_dist" "$msg"
python3 "$same" scaled_y4m.json scaled.json "--scale_dist against FFmpeg's bicubic scale" ||
    fails=$((fails + 1))
ffmpeg -nostdin -hide_banner -loglevel error -y -i small.mp4 small.y4m
refused "--scale_dist of a Y4M file" 'only encoded inputs are scaled' \
    -r h264_ref.mp4 -d small.y4m --scale_dist

# --hwdec: NVDEC only where it can serve; asked for where it cannot, an
# error (with every feature masked off the GPU, on any host).
refused "--hwdec cuda without a GPU's features" 'NVDEC cannot serve this pair' \
    -r h264_ref.mp4 -d h264_dis.mp4 --hwdec cuda --gpumask 1
run_vmaf 300 -r h264_ref.mp4 -d h264_dis.mp4 --hwdec none --json -o none.json
[ $status = 0 ] || fail "exit $status" "--hwdec none" "$msg"
run_vmaf 300 -r h264_ref.mp4 -d h264_dis.mp4 --json -o auto.json
python3 "$same" auto.json none.json "--hwdec none against auto" || fails=$((fails + 1))
for bad in "--hwdec vaapi" "--hwdec cuda --backend cpu"; do
    run_vmaf 60 -r h264_ref.mp4 -d h264_dis.mp4 $bad -o out.json
    [ $status = 1 ] || fail "exit $status, want 1" "$bad" "$msg"
done

# --frame_cnt scores the frames both have.
run_vmaf 300 -r h264_ref.mp4 -d short.mp4 --frame_cnt 8 --json -o out.json
if [ $status != 0 ] || [ "$(python3 -c "import json; print(len(json.load(open('out.json'))['frames']))")" != 8 ]; then
    fail "exit $status, want 0 and 8 frames" "-r h264_ref.mp4 -d short.mp4 --frame_cnt 8" "$msg"
fi

echo "$cases cases, $fails failed"
[ $fails = 0 ]

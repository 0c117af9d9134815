#!/bin/sh
# Makes the encoded pairs bench/nvdec_check.sh reads, with an ffmpeg that has
# libx264 and libx265 (Debian's): FFmpeg's testsrc at 24 fps; the reference
# at CRF 26, the distorted one scaled to half size and back, then at CRF 36
# (-preset veryfast). NAME_ref.mp4 / NAME_dis.mp4 for each NAME given:
# {h264,hevc}_{1080,2160}, with a g48_ prefix for a keyframe every 48 frames
# (the encoders' default otherwise: 250). 1080p has 1,200 frames, 2160p 600.
# Usage: make_clips.sh DIR NAME...
set -e
dir=${1:?usage: make_clips.sh DIR NAME...}
shift
mkdir -p "$dir"
for name in "$@"; do
    [ -s "$dir/${name}_dis.mp4" ] && continue
    gop=""
    base=$name
    case $name in g48_*) gop="-g 48 -keyint_min 48" base=${name#g48_} ;; esac
    case $base in
    h264_*) enc="-c:v libx264" ;;
    hevc_*) enc="-c:v libx265 -x265-params log-level=error" ;;
    *) echo "make_clips: unknown name $name"; exit 1 ;;
    esac
    case $base in
    *_1080) size=1920x1080 half=960:540 frames=1200 ;;
    *_2160) size=3840x2160 half=1920:1080 frames=600 ;;
    *) echo "make_clips: unknown size in $name"; exit 1 ;;
    esac
    src="testsrc=size=$size:rate=24"
    # shellcheck disable=SC2086
    ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$src" -frames:v $frames -pix_fmt yuv420p \
        $enc -preset veryfast -crf 26 $gop "$dir/${name}_ref.mp4"
    # shellcheck disable=SC2086
    ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$src" -frames:v $frames \
        -vf "scale=$half,scale=${size%x*}:${size#*x}" -pix_fmt yuv420p \
        $enc -preset veryfast -crf 36 $gop "$dir/${name}_dis.mp4"
    echo "made $name: $(du -k "$dir/${name}_ref.mp4" "$dir/${name}_dis.mp4" | awk '{s += $1} END {print s}') KiB"
done

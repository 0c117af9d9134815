#!/bin/sh
# Makes docs/report/example.html: a ladder of x264 encodes of FFmpeg's
# testsrc2 source at two presets (the groups), four CRFs each, scored in
# one batch with PSNR; the bitrates come from the containers.
# Usage: scripts/report-example.sh VMAF [OUT.html] (needs Debian's ffmpeg)
set -eu
vmaf=$(realpath "$1")
out=$(realpath -m "${2:-docs/report/example.html}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
enc() { # NAME ARGS...: 48 frames of 320x180 testsrc2, 24 fps
    name=$1
    shift
    ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc2=s=320x180:r=24 -frames:v 48 \
        -pix_fmt yuv420p -c:v libx264 "$@" "$name"
}
enc ref.mkv -qp 0 -preset ultrafast
: >list.txt
for preset in veryfast slow; do
    for crf in 26 32 38 44; do
        enc "${preset}_crf$crf.mkv" -preset $preset -crf $crf
        printf 'ref.mkv\t%s_crf%s.mkv\t-\tx264 %s\n' "$preset" "$crf" "$preset" >>list.txt
    done
done
"$vmaf" --batch list.txt --feature psnr --report_worst 1 --report "$out" -q
echo "wrote $out ($(wc -c <"$out") bytes)"

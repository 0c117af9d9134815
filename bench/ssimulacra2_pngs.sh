#!/usr/bin/env bash
# The PNG pair libjxl's ssimulacra2 tool reads, in the current folder, for
# the ssimulacra2 benchmarks: ref.png and dis.png copied from PNGS (a folder
# made elsewhere, for a host without ffmpeg), else the first frames of
# ref.yuv and dis.yuv (8-bit 4:2:0, W x H) converted by ffmpeg.
#
# Usage: bench/ssimulacra2_pngs.sh W H
set -euo pipefail
w=${1:?usage: ssimulacra2_pngs.sh W H} h=${2:?usage: ssimulacra2_pngs.sh W H}
for f in ref dis; do
    if [ -n "${PNGS:-}" ]; then
        cp "$PNGS/$f.png" $f.png
    else
        ffmpeg -loglevel error -y -f rawvideo -pix_fmt yuv420p -s "${w}x$h" -i $f.yuv \
            -frames:v 1 $f.png
    fi
done

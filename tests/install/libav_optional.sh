#!/bin/sh
# FFmpeg's libraries are optional: with pkg-config finding none, the default
# (VMAF_LIBAV=AUTO) configures without them and says so, and VMAF_LIBAV=ON
# stops naming the packages. Configure only (CPU build).
# Usage: libav_optional.sh SOURCE_DIR WORK
src=$1 work=$2
rm -rf "$work" && mkdir -p "$work" || exit 1
fails=0
export PKG_CONFIG_LIBDIR="$work/none" PKG_CONFIG_PATH=
if ! cmake -S "$src" -B "$work/auto" -DVMAF_CUDA=OFF -DBUILD_TESTING=OFF >"$work/auto.log" 2>&1 ||
    ! grep -q "Encoded input (FFmpeg's libraries): OFF" "$work/auto.log"; then
    echo "FAIL VMAF_LIBAV=AUTO without the libraries:"; tail -5 "$work/auto.log"; fails=$((fails + 1))
fi
if cmake -S "$src" -B "$work/on" -DVMAF_CUDA=OFF -DBUILD_TESTING=OFF -DVMAF_LIBAV=ON \
    >"$work/on.log" 2>&1 || ! grep -q "libavformat-dev" "$work/on.log"; then
    echo "FAIL VMAF_LIBAV=ON without the libraries should stop naming them:"; tail -5 "$work/on.log"
    fails=$((fails + 1))
fi
[ $fails = 0 ] && echo "ok   AUTO configures without FFmpeg's libraries; ON refuses, naming them"
[ $fails = 0 ]

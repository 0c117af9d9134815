#!/bin/sh
# Fetches the sources the FFmpeg test needs (tests/install/ffmpeg_filter.sh)
# into DIR, once: FFmpeg 7.1 and nv-codec-headers 12 (for the libvmaf_cuda
# filter; bookworm's are too old), from Debian trixie's source packages.
# apt works on a list and state of its own under DIR: no root needed and the
# system's sources untouched. Exits 0 with the tarballs in DIR, or non-zero
# with the reason (the test then skips and says why).
set -e
dir=${1:?usage: ffmpeg-source.sh DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
if ls "$dir"/ffmpeg_7.1*.orig.tar.xz "$dir"/nv-codec-headers_12*.orig.tar.xz >/dev/null 2>&1; then
    exit 0
fi
command -v apt-get >/dev/null || { echo "ffmpeg-source: no apt-get here"; exit 1; }
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -f $keyring ] || { echo "ffmpeg-source: no $keyring (package debian-archive-keyring)"; exit 1; }

apt="$dir/apt"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
printf 'deb-src [signed-by=%s] http://deb.debian.org/debian trixie main\n' $keyring \
    >"$apt/trixie-src.list"
set -- -o Dir::Etc::SourceList="$apt/trixie-src.list" -o Dir::Etc::SourceParts=/dev/null \
    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o APT::Sandbox::User=root \
    -o Debug::NoLocking=1 -qq
apt-get "$@" update || { echo "ffmpeg-source: apt-get update of trixie's sources failed"; exit 1; }
cd "$dir"
# The .orig tarballs alone: trixie's nv-codec-headers .debian.tar.xz is not served.
apt-get "$@" source --download-only --tar-only ffmpeg nv-codec-headers 2>/dev/null || true
if ! ls ffmpeg_7.1*.orig.tar.xz nv-codec-headers_12*.orig.tar.xz >/dev/null 2>&1; then
    echo "ffmpeg-source: trixie's ffmpeg 7.1 or nv-codec-headers 12 source did not download"
    exit 1
fi
rm -rf "$apt"

#!/bin/sh
# The install as a packager and a user meet it:
#  1. `cmake --install` staged under DESTDIR: the CLI and its Slurm driver, libvmaf.so.3 (SONAME)
#     and libvmaf.a, the headers, libvmaf.pc (pkg-config finds it, Version 3.x);
#     the installed library exports the public API alone; FFmpeg's reader
#     module, where the build has one, which the installed CLI loads;
#  2. the uninstall script removes every file of it;
#  3. an install into WORK/prefix, kept for install.client and install.ffmpeg.
# The build's install_manifest.txt (a user's `make install`) is kept as it was.
# Usage: install.sh SOURCE_DIR BUILD_DIR WORK CUDA(ON|OFF)
set -u
src=$1 build=$2 work=$3 cuda=$4
fails=0 checks=0
check() { # WHAT COMMAND...
    what=$1
    shift
    checks=$((checks + 1))
    if "$@" >/dev/null 2>&1; then echo "ok   $what"; else echo "FAIL $what"; fails=$((fails + 1)); fi
}
command -v pkg-config >/dev/null || { echo "SKIP: no pkg-config (package pkg-config)"; exit 77; }

rm -rf "$work"
mkdir -p "$work"
manifest=$build/install_manifest.txt
[ -f "$manifest" ] && cp "$manifest" "$work/manifest.user"
restore() {
    if [ -f "$work/manifest.user" ]; then cp "$work/manifest.user" "$manifest"; else rm -f "$manifest"; fi
}
trap restore EXIT

# 1. Staged.
stage=$work/stage
p=$stage/opt/vmaf-ng
DESTDIR=$stage cmake --install "$build" --prefix /opt/vmaf-ng >"$work/install.log" 2>&1
check "cmake --install with DESTDIR and --prefix" [ $? = 0 ]
for f in bin/vmaf bin/vmaf-slurm lib/libvmaf.so lib/libvmaf.so.3 lib/libvmaf.a lib/pkgconfig/libvmaf.pc \
    include/libvmaf/libvmaf.h include/libvmaf/model.h include/libvmaf/picture.h \
    include/libvmaf/feature.h include/libvmaf/export.h include/libvmaf/version.h; do
    check "installed $f" [ -e "$p/$f" ]
done
if [ "$cuda" = ON ]; then
    check "installed include/libvmaf/libvmaf_cuda.h (CUDA build)" [ -e "$p/include/libvmaf/libvmaf_cuda.h" ]
else
    check "no libvmaf_cuda.h without CUDA" [ ! -e "$p/include/libvmaf/libvmaf_cuda.h" ]
fi
check "nothing installed outside DESTDIR's prefix" [ "$(ls -A "$stage")" = opt ]
soname=$(readelf -d "$p/lib/libvmaf.so.3" 2>/dev/null | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
check "SONAME libvmaf.so.3 (is $soname)" [ "$soname" = libvmaf.so.3 ]
check "libvmaf.so.3 is a link to the versioned file" [ -L "$p/lib/libvmaf.so.3" ]
export PKG_CONFIG_PATH=$p/lib/pkgconfig
version=$(pkg-config --modversion libvmaf)
check "pkg-config libvmaf: version 3.x (is $version)" sh -c "echo '$version' | grep -Eq '^3\.[0-9]+\.[0-9]+$'"
check "pkg-config --atleast-version=2.0.0 (FFmpeg's check)" pkg-config --atleast-version=2.0.0 libvmaf
cflags=$(pkg-config --cflags libvmaf)
check "Cflags reach the headers (-I.../include/libvmaf)" sh -c "echo '$cflags' | grep -q 'include/libvmaf'"
check "the installed library exports the public API alone" \
    sh "$src/tests/install/exports.sh" "$p/lib/libvmaf.so.3" "$p/include/libvmaf"
check "installed vmaf runs (--version)" "$p/bin/vmaf" --version
check "installed vmaf-slurm runs (--help)" "$p/bin/vmaf-slurm" --help
if [ -e "$build/vmaf-libav.so" ]; then
    check "installed lib/vmaf-ng/vmaf-libav.so" [ -e "$p/lib/vmaf-ng/vmaf-libav.so" ]
    # A file that is no video reaches FFmpeg's reader, which says so.
    printf 'no video\n' >"$work/words.mp4"
    said=$("$p/bin/vmaf" -r "$work/words.mp4" -d "$work/words.mp4" 2>&1)
    check "installed vmaf loads FFmpeg's reader" \
        sh -c "printf '%s' \"\$1\" | grep -q \"FFmpeg's libraries cannot read it\"" sh "$said"
fi

# 2. Uninstalled.
DESTDIR=$stage cmake -DMANIFEST="$manifest" -P "$src/cmake/uninstall.cmake" >"$work/uninstall.log" 2>&1
check "uninstall" [ $? = 0 ]
left=$(find "$stage" ! -type d | head -n 3)
check "uninstall leaves no file (left: ${left:-none})" [ -z "$left" ]
check "uninstall removes include/libvmaf" [ ! -d "$p/include/libvmaf" ]

# 3. For the clients.
cmake --install "$build" --prefix "$work/prefix" >>"$work/install.log" 2>&1
check "cmake --install --prefix WORK/prefix" [ -f "$work/prefix/lib/pkgconfig/libvmaf.pc" ]

echo "$checks checks, $fails failed"
[ $fails = 0 ]

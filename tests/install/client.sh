#!/bin/sh
# Our small C client (client.c), compiled against the installed headers with
# `pkg-config --cflags --libs libvmaf` (linked to libvmaf.so.3) and with
# `pkg-config --static` against a prefix holding libvmaf.a alone (a static
# link needs Libs.private to be complete, CUDA's runtime included), scores
# generated pairs with a built-in model; both must print the scores of the
# installed vmaf CLI to every digit.
# Usage: client.sh SOURCE_DIR PREFIX GEN_YUV WORK
set -u
src=$1 prefix=$2 gen=$3 work=$4
fails=0
cc=${CC:-cc}
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
fail() { echo "FAIL $1"; fails=$((fails + 1)); }

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
# shellcheck disable=SC2046
$cc -o client_shared "$src/tests/install/client.c" $(pkg-config --cflags --libs libvmaf) ||
    fail "client builds with pkg-config --cflags --libs libvmaf"
cp -a "$prefix" static_prefix
rm -f static_prefix/lib/libvmaf.so*
# shellcheck disable=SC2046
$cc -o client_static "$src/tests/install/client.c" \
    $(PKG_CONFIG_PATH=$work/static_prefix/lib/pkgconfig pkg-config --static --cflags --libs libvmaf) ||
    fail "client builds with pkg-config --static against libvmaf.a"
if [ -x client_static ] && ldd client_static | grep -q libvmaf; then
    fail "client_static is linked to libvmaf.so"
fi

for spec in "176x144 8 vmaf_v0.6.1 0 3" "320x180 10 vmaf_v0.6.1neg 2 4"; do
    set -- $spec
    size=$1 bpc=$2 model=$3 threads=$4 seed=$5
    w=${size%x*} h=${size#*x}
    "$gen" -w "$w" -h "$h" -p 420 -b "$bpc" -n 5 -s "$seed" -k mix ref.yuv dis.yuv
    env -u VMAF_MODEL_DIR "$prefix/bin/vmaf" -r ref.yuv -d dis.yuv -w "$w" -h "$h" -p 420 -b "$bpc" \
        --model version="$model" --feature psnr=enable_chroma=false --threads "$threads" \
        --json -o cli.json -q || fail "vmaf CLI on $spec"
    for kind in shared static; do
        [ -x client_$kind ] || continue
        out=$(env -u VMAF_MODEL_DIR LD_LIBRARY_PATH="$prefix/lib" ./client_$kind ref.yuv dis.yuv \
            "$w" "$h" "$bpc" "$model" "$threads" client.json 2>client.log) ||
            { fail "client_$kind on $spec: $(cat client.log)"; continue; }
        python3 "$src/tests/install/same_scores.py" cli.json client.json \
            "client_$kind, $w x $h $bpc-bit, $model, $threads threads: per-frame and pooled" ||
            fails=$((fails + 1))
        want=$(python3 -c "import json,sys; print('VMAF score: %.6f' % \
json.load(open('cli.json'))['pooled_metrics']['vmaf']['mean'])")
        [ "$out" = "$want" ] || fail "client_$kind printed \"$out\", the CLI's mean is \"$want\""
    done
done
[ $fails = 0 ] && echo "ok: the clients (shared and static) equal the CLI"
[ $fails = 0 ]

#!/bin/sh
# FFmpeg 7.1's libvmaf filter, built against the installed library through
# pkg-config alone (Debian trixie's source, configured with only what this
# test needs), scores generated pairs: with no options (the built-in default
# model) and with model, feature, n_threads, n_subsample, pool and log
# options; its per-frame and pooled scores must equal the installed CLI's on
# the same pairs to every printed digit. FFmpeg's configure must enable the
# libvmaf_cuda filter when our library has CUDA, and not otherwise.
# Usage: ffmpeg_filter.sh SOURCE_DIR PREFIX TARBALL_DIR GEN_YUV WORK CUDA(ON|OFF)
# TARBALL_DIR holds ffmpeg_7.1*.orig.tar.xz and nv-codec-headers_12*.orig.tar.xz
# (scripts/ffmpeg-source.sh fetches them); without them the test skips.
set -u
src=$1 prefix=$2 tarballs=$3 gen=$4 work=$5 cuda=$6
jobs=$(nproc 2>/dev/null || echo 2)
ffmpeg_tar=$(ls "$tarballs"/ffmpeg_7.1*.orig.tar.xz 2>/dev/null | tail -n 1)
nv_tar=$(ls "$tarballs"/nv-codec-headers_12*.orig.tar.xz 2>/dev/null | tail -n 1)
if [ -z "$ffmpeg_tar" ] || [ -z "$nv_tar" ]; then
    echo "SKIP: no FFmpeg 7.1 source in $tarballs (make test fetches it with"
    echo "      scripts/ffmpeg-source.sh; it needs apt-get and the network)"
    exit 77
fi
for tool in make pkg-config xz; do
    command -v $tool >/dev/null || { echo "SKIP: no $tool to build FFmpeg"; exit 77; }
done
fails=0
fail() { echo "FAIL $1"; fails=$((fails + 1)); }
t0=$(date +%s)
mkdir -p "$work"
cd "$work" || exit 1

# The sources, unpacked once per tarball.
stamp=$(basename "$ffmpeg_tar")
if [ "$(cat src.stamp 2>/dev/null)" != "$stamp" ]; then
    rm -rf ffmpeg nv-codec-headers build
    mkdir ffmpeg nv-codec-headers
    tar xJf "$ffmpeg_tar" -C ffmpeg --strip-components=1 &&
        tar xJf "$nv_tar" -C nv-codec-headers --strip-components=1 || exit 1
    echo "$stamp" >src.stamp
fi
make -s -C nv-codec-headers PREFIX="$work/nv" install >/dev/null || exit 1

# Configured small: the two filters, raw video in, nothing out. Both
# pkg-config paths: ours and nv-codec-headers' (ffnvcodec, for libvmaf_cuda).
mkdir -p build
cd build || exit 1
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig:$work/nv/lib/pkgconfig
../ffmpeg/configure --disable-everything --disable-autodetect --disable-doc --disable-programs \
    --enable-ffmpeg --disable-network --disable-swresample --disable-avdevice --disable-x86asm \
    --enable-libvmaf --enable-ffnvcodec --enable-cuda \
    --enable-filter=libvmaf,libvmaf_cuda,format,scale,null \
    --enable-demuxer=rawvideo --enable-decoder=rawvideo,wrapped_avframe \
    --enable-encoder=wrapped_avframe --enable-muxer=null --enable-protocol=file,pipe \
    >configure.log 2>&1 || { tail -20 ffbuild/config.log; fail "FFmpeg's configure"; exit 1; }
grep -q '^#define CONFIG_LIBVMAF_FILTER 1' config_components.h ||
    fail "configure did not enable the libvmaf filter"
want_cuda=0
[ "$cuda" = ON ] && want_cuda=1
grep -q "^#define CONFIG_LIBVMAF_CUDA_FILTER $want_cuda" config_components.h ||
    fail "configure: libvmaf_cuda filter should be $want_cuda (our library's CUDA: $cuda)"
echo "ok   configure: libvmaf filter on, libvmaf_cuda $want_cuda ($(($(date +%s) - t0)) s)"
make -j"$jobs" ffmpeg >make.log 2>&1 || { tail -20 make.log; fail "building ffmpeg"; exit 1; }
echo "ok   ffmpeg built ($(($(date +%s) - t0)) s)"
ff=$work/build/ffmpeg
cd "$work" || exit 1

# ff W H BPC FILTER_OPTIONS: runs the filter (distorted first, as FFmpeg
# takes them) and keeps its log in ff.log.
ff() {
    fmt=yuv420p
    [ "$3" = 10 ] && fmt=yuv420p10le
    env -u VMAF_MODEL_DIR LD_LIBRARY_PATH="$prefix/lib" "$ff" -hide_banner -nostdin -loglevel info \
        -f rawvideo -pix_fmt $fmt -s "$1x$2" -i dis.yuv -f rawvideo -pix_fmt $fmt -s "$1x$2" \
        -i ref.yuv -lavfi "[0:v][1:v]libvmaf$4" -f null - >ff.log 2>&1
}
# cli W H BPC OUT ARGS...: the installed CLI on the same pair.
cli() {
    w=$1 h=$2 b=$3 out=$4
    shift 4
    env -u VMAF_MODEL_DIR "$prefix/bin/vmaf" -r ref.yuv -d dis.yuv -w "$w" -h "$h" -p 420 -b "$b" \
        -q -o "$out" "$@"
}
# printed MODEL_NAME: FFmpeg's "VMAF score" line (the first, or the one for
# a model named MODEL_NAME when there are several).
printed() { sed -n 's/.*VMAF score: //p' ff.log | head -n 1; }
pooled() { python3 -c "import json,sys; print('%.6f' % \
json.load(open(sys.argv[1]))['pooled_metrics'][sys.argv[2]][sys.argv[3]])" "$@"; }

"$gen" -w 320 -h 240 -p 420 -b 8 -n 8 -s 41 -k mix ref.yuv dis.yuv

# No options: the built-in vmaf_v0.6.1, mean pooling, a score on the log only.
ff 320 240 8 "" || fail "libvmaf with no options: $(tail -3 ff.log)"
cli 320 240 8 cli.json --json
[ "$(printed)" = "$(pooled cli.json vmaf mean)" ] &&
    echo "ok   no options: VMAF score $(printed) = the CLI's" ||
    fail "no options: FFmpeg printed \"$(printed)\", the CLI's mean is $(pooled cli.json vmaf mean)"

# Features with options and threads, JSON log.
ff 320 240 8 "=log_path=ff.json:log_fmt=json:n_threads=2:feature=name=psnr|name=float_ssim\
|name=cambi\\\\:full_ref=true" || fail "features and threads: $(tail -3 ff.log)"
cli 320 240 8 cli.json --json --threads 2 --feature psnr --feature float_ssim \
    --feature cambi=full_ref=true
python3 "$src/tests/install/same_scores.py" cli.json ff.json \
    "feature=psnr|float_ssim|cambi:full_ref, n_threads=2" || fails=$((fails + 1))

# Two models by version with names, subsampling, harmonic mean, 10-bit.
"$gen" -w 320 -h 180 -p 420 -b 10 -n 9 -s 42 -k mix ref.yuv dis.yuv
ff 320 180 10 "=log_path=ff.json:log_fmt=json:n_subsample=3:pool=harmonic_mean:\
model=version=vmaf_v0.6.1neg\\\\:name=neg|version=vmaf_4k_v0.6.1\\\\:name=k4" ||
    fail "two models, n_subsample, pool: $(tail -3 ff.log)"
cli 320 180 10 cli.json --json --subsample 3 --model version=vmaf_v0.6.1neg:name=neg \
    --model version=vmaf_4k_v0.6.1:name=k4
python3 "$src/tests/install/same_scores.py" cli.json ff.json \
    "model=vmaf_v0.6.1neg|vmaf_4k_v0.6.1, n_subsample=3, 10-bit" || fails=$((fails + 1))
printed_scores=$(sed -n 's/.*VMAF score: //p' ff.log | tr '\n' ' ')
want="$(pooled cli.json neg harmonic_mean) $(pooled cli.json k4 harmonic_mean) "
[ "$printed_scores" = "$want" ] && echo "ok   pool=harmonic_mean: $printed_scores= the CLI's" ||
    fail "pool=harmonic_mean: FFmpeg printed \"$printed_scores\", the CLI's \"$want\""

# A model file by path, a float model, the CSV log.
ff 320 180 10 "=log_path=ff.csv:log_fmt=csv:model=path=$src/model/vmaf_float_v0.6.1.json" ||
    fail "model path, csv: $(tail -3 ff.log)"
cli 320 180 10 cli.csv --csv --model path="$src/model/vmaf_float_v0.6.1.json"
cmp -s ff.csv cli.csv && echo "ok   model=path=vmaf_float_v0.6.1.json, log_fmt=csv: same file" ||
    fail "model=path, csv: FFmpeg's log differs from the CLI's: $(diff ff.csv cli.csv | head -4)"

echo "ffmpeg test: $fails failed ($(($(date +%s) - t0)) s)"
[ $fails = 0 ]

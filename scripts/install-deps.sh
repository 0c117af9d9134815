#!/bin/sh
# Installs what a stage needs, from Debian's packages, when it is missing and
# we are root: `build` (zlib; FFmpeg's libraries for encoded input included),
# `test` (the suite, the report's page in Chromium and a Slurm cluster included), `hip` (ROCm's
# hipcc and HIP runtime, for the HIP backend `make test` builds and checks), `sanitize` (GCC's
# ASan, UBSan and TSan runtimes) or `fuzz` (clang and its libFuzzer runtime). Tests whose
# tools are still missing afterwards skip and say so; the build stages fail.
set -e
stage=${1:-build}
need=""
want="" # optional: the build goes on without them
have() { command -v "$1" >/dev/null 2>&1; }

# links CC FLAGS...: whether CC links a trivial program with FLAGS.
links() {
    cc=$1
    shift
    dir=$(mktemp -d)
    printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n%s\n' \
        "$main" > "$dir/t.c"
    "$cc" "$@" "$dir/t.c" -o "$dir/t" >/dev/null 2>&1
    status=$?
    rm -rf "$dir"
    return $status
}

case $stage in
build)
    have cmake || need="$need cmake"
    have cc || need="$need gcc"
    have make || need="$need make"
    # The tool's report writes its pictures as PNG through zlib.
    [ -f /usr/include/zlib.h ] || need="$need zlib1g-dev"
    # Optional: encoded input for the tool (a build without them says so).
    have pkg-config || want="$want pkg-config"
    pkg-config --exists libavformat libavcodec libavutil libswscale 2>/dev/null ||
        want="$want libavformat-dev libavcodec-dev libavutil-dev libswscale-dev"
    # Optional: zimg, the oracle ssimulacra2's YUV to RGB is tested against
    # (its test skips without it).
    pkg-config --exists zimg 2>/dev/null || want="$want libzimg-dev"
    # Optional: PNG images as input (a build without it refuses them, saying so).
    pkg-config --exists libpng 2>/dev/null || want="$want libpng-dev"
    ;;
test)
    have ffmpeg || need="$need ffmpeg"
    have python3 || need="$need python3"
    # The install tests: pkg-config, and FFmpeg's build from its xz source.
    have pkg-config || need="$need pkg-config"
    have xz || need="$need xz-utils"
    # The report's page in headless Chromium, driven over WebDriver.
    have chromium || need="$need chromium"
    have chromedriver || [ -x /usr/lib/chromium/chromedriver ] || need="$need chromium-driver"
    # vmaf-slurm's test starts a one-node Slurm cluster of its own.
    [ -x /usr/sbin/slurmctld ] || need="$need slurmctld"
    [ -x /usr/sbin/slurmd ] || need="$need slurmd"
    have sbatch || need="$need slurm-client"
    [ -x /usr/sbin/munged ] || need="$need munge"
    ;;
hip)
    # Optional: the HIP backend is built when hipcc is found (cmake/hip.cmake).
    have hipcc || want="$want hipcc"
    [ -f /usr/include/hip/hip_runtime_api.h ] || want="$want libamdhip64-dev"
    [ -d /usr/lib/x86_64-linux-gnu/amdgcn/bitcode ] || [ -d /usr/lib/amdgcn/bitcode ] ||
        want="$want rocm-device-libs"
    ;;
sanitize)
    main='int main(void) { return 0; }'
    have gcc || need="$need gcc"
    have gcc && links gcc -fsanitize=address,undefined || need="$need libasan8 libubsan1"
    have gcc && links gcc -fsanitize=thread || need="$need libtsan2"
    ;;
fuzz)
    main=
    have clang || need="$need clang"
    # libFuzzer and the sanitizer runtimes are in libclang-rt-N-dev (clang 14
    # on Debian 12), which clang only recommends.
    have clang && links clang -fsanitize=fuzzer,address,undefined || need="$need libclang-rt-dev"
    ;;
esac

[ -n "$need$want" ] || exit 0
if [ "$(id -u)" = 0 ] && have apt-get; then
    echo "install-deps: installing$need$want"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $need $want >/dev/null
elif [ -n "$need" ]; then
    echo "install-deps: missing$need (not root or no apt-get); dependent steps will skip"
    [ "$stage" = test ] || exit 1
else
    echo "install-deps: missing$want (not root or no apt-get); built without them"
fi

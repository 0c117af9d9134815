#!/bin/sh
# Installs what the build (`build`) or the test suite (`test`) needs, from
# Debian's packages, when it is missing and we are root. Tests whose tools
# are still missing afterwards skip and say so.
set -e
stage=${1:-build}
need=""
have() { command -v "$1" >/dev/null 2>&1; }

case $stage in
build)
    have cmake || need="$need cmake"
    have cc || need="$need gcc"
    have make || need="$need make"
    ;;
test)
    have ffmpeg || need="$need ffmpeg"
    have python3 || need="$need python3"
    ;;
esac

[ -n "$need" ] || exit 0
if [ "$(id -u)" = 0 ] && have apt-get; then
    echo "install-deps: installing$need"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $need >/dev/null
else
    echo "install-deps: missing$need (not root or no apt-get); dependent steps will skip"
    [ "$stage" = test ] || exit 1
fi

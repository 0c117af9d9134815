#!/bin/sh
# Re-records tests/golden/expected/ with a reference vmaf CLI (built elsewhere, never here).
# Usage: record.sh /path/to/reference/vmaf [CASE...]
#          generated cases (default: every case in cases.txt)
#        record.sh /path/to/reference/vmaf --corpus DIR [NAME...]
#          expected/corpus/: the pairs of DIR (made by ../shared/corpus/make-corpus.sh) with the
#          configurations of corpus_cases.txt; NAME is a pair, a configuration or PAIR.CONFIG
#          (default: all)
# Models come from the source tree's model/ folder (the files the library has built in).
set -eu
ref=${1:?usage: record.sh /path/to/reference/vmaf [CASE...] | --corpus DIR [NAME...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
shared=$here/../../../shared
models=$here/../../model
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "${1:-}" = --corpus ]; then
    corpus=${2:?--corpus needs the directory make-corpus.sh made}
    shift 2
    python3 "$here/golden.py" corpus-record --ref-vmaf "$ref" --models "$models" \
        --shared "$shared" --corpus "$corpus" --work "$tmp/work" \
        --cases "$here/corpus_cases.txt" --out "$here/expected/corpus" "$@"
    exit
fi
${CC:-cc} -std=c17 -O2 -o "$tmp/gen_yuv" "$here/gen_yuv.c"
mkdir -p "$here/expected"
python3 "$here/golden.py" record --ref-vmaf "$ref" --gen "$tmp/gen_yuv" --models "$models" \
    --work "$tmp/work" --cases "$here/cases.txt" --out "$here/expected" "$@"

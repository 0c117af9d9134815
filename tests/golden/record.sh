#!/bin/sh
# Re-records tests/golden/expected/ with a reference vmaf CLI (built elsewhere, never here).
# Usage: record.sh /path/to/reference/vmaf [CASE...]      (default: every case in cases.txt)
# Models come from VMAF_MODEL_DIR or ../shared/models beside the source tree.
set -eu
ref=${1:?usage: record.sh /path/to/reference/vmaf [CASE...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
models=${VMAF_MODEL_DIR:-$here/../../../shared/models}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -std=c17 -O2 -o "$tmp/gen_yuv" "$here/gen_yuv.c"
mkdir -p "$here/expected"
python3 "$here/golden.py" record --ref-vmaf "$ref" --gen "$tmp/gen_yuv" --models "$models" \
    --work "$tmp/work" --cases "$here/cases.txt" --out "$here/expected" "$@"

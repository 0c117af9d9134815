#!/bin/sh
# The shared library exports exactly the public API: every function the
# public headers mark VMAF_API, and nothing else (no internal helper, nothing
# of the static CUDA runtime linked in).
# Usage: exports.sh LIBVMAF_SO INCLUDE_DIR
set -u
lib=$1 include=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v nm >/dev/null || { echo "SKIP: no nm (binutils)"; exit 77; }

# A declaration's first line: VMAF_API <type> [*]name(
sed -n 's/^VMAF_API .*[ *]\(vmaf_[a-z0-9_]*\)(.*/\1/p' "$include"/*.h | sort -u >"$tmp/declared"
# libvmaf_cuda.h and libvmaf_sycl.h are installed by CUDA and SYCL builds only, whose
# library defines their functions.
for backend in cuda sycl; do
    if ! nm -D --defined-only "$lib" | grep -q " vmaf_${backend}_state_init$"; then
        sed -n 's/^VMAF_API .*[ *]\(vmaf_[a-z0-9_]*\)(.*/\1/p' "$include/libvmaf_$backend.h" |
            sort -u >"$tmp/backend"
        comm -23 "$tmp/declared" "$tmp/backend" >"$tmp/declared.less"
        mv "$tmp/declared.less" "$tmp/declared"
    fi
done
nm -D --defined-only "$lib" | awk '$2 ~ /^[A-Z]$/ { print $3 }' | sed 's/@.*//' | sort -u \
    >"$tmp/exported"

status=0
extra=$(comm -13 "$tmp/declared" "$tmp/exported")
missing=$(comm -23 "$tmp/declared" "$tmp/exported")
if [ -n "$extra" ]; then
    echo "FAIL: $lib exports symbols no public header declares:"
    echo "$extra" | sed 's/^/  /'
    status=1
fi
if [ -n "$missing" ]; then
    echo "FAIL: $lib does not export these public functions:"
    echo "$missing" | sed 's/^/  /'
    status=1
fi
[ $status = 0 ] && echo "ok: $lib exports the $(wc -l <"$tmp/declared") public functions and nothing else"
exit $status

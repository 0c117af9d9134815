#!/usr/bin/env bash
# The kernel sources both GPU backends build (the .cu files hipcc compiles
# for the HIP module, and the headers they include) may use a CUDA-only name
# only where src/cuda/gpu_runtime.h maps it onto HIP: a CUDA runtime or
# driver call or type (cuda*, cu*, CU*), a warp-synchronous intrinsic
# (*_sync, __syncwarp), __grid_constant__. Fails naming each other use, and
# on any use of warpSize or a lane-mask intrinsic (__ballot, __activemask),
# which the map keeps out: the warp code works on groups of 32 lanes, which
# width-32 shuffles keep on AMD's 64-lane waves, where warpSize is 64.
# Usage: cuda_names.sh SRC_DIR (the source tree's src/)
set -euo pipefail
src=${1:?usage: cuda_names.sh SRC_DIR}
map=$src/cuda/gpu_runtime.h

# What the map defines: #define NAME and typedef ... NAME;
mapped=$(sed -nE 's/^#define ([A-Za-z_][A-Za-z0-9_]*).*/\1/p; s/^typedef .* ([A-Za-z_][A-Za-z0-9_]*);/\1/p' "$map" |
    sort -u)
# The files of the HIP module's kernels and what they include from src/.
shopt -s nullglob
files=$(printf '%s\n' "$src"/feature/*/cuda/*.cu "$src"/cuda/serial_sums.cu \
    "$src"/feature/*/cuda/*.h "$src"/feature/*/cuda/*.cuh "$src"/cuda/*.cuh "$src"/cuda/*.h \
    "$src"/core/hd.h "$src"/feature/*/*_math.h |
    grep -v -e '/gpu_runtime.h$' -e '/picture_import' -e '/cuda_runtime' | sort -u |
    while IFS= read -r f; do [ ! -e "$f" ] || echo "$f"; done)
pattern='\b(cuda[A-Z][A-Za-z0-9_]*|cu[A-Z][A-Za-z]+[A-Za-z0-9_]*|CU[A-Z][A-Z_]+|__[a-z_]+_sync|__syncwarp|__grid_constant__|warpSize|__ballot[a-z_]*|__activemask)\b'
bad=0
while IFS= read -r hit; do
    while IFS= read -r name; do
        [ -n "$name" ] || continue
        if ! printf '%s\n' "$mapped" | grep -qx -- "$name"; then
            echo "CUDA-only name outside $map: $hit"
            bad=1
            break
        fi
    done < <(printf '%s' "$hit" | sed -E 's://.*$::' | grep -oE "$pattern" | sort -u)
done < <(grep -nHE "$pattern" $files | grep -vE ':[0-9]+: *(/?\*|//)' || true)
[ $bad = 0 ] && echo "every CUDA-only name in $(echo "$files" | wc -l) files is mapped in $map"
exit $bad

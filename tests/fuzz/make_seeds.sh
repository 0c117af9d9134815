#!/bin/sh
# Writes a seed corpus for every fuzz target into OUT/<target>/: small valid
# inputs of every kind each parser accepts, made here rather than kept in git.
# The model seeds are Netflix's model files (model/ in the source tree) that
# are small enough to mutate quickly.
# Usage: make_seeds.sh GEN_YUV OUT
set -eu
gen=$1 out=$2
src=$(cd "$(dirname "$0")/../.." && pwd)
models=$src/model
cases="$src/tests/golden/cases.txt $src/tests/golden/corpus_cases.txt"
rm -rf "$out"
mkdir -p "$out/y4m" "$out/yuv" "$out/model" "$out/feature_opts" "$out/cli"
tmp="$out/tmp"
mkdir -p "$tmp"

# bytes N CHAR: N copies of CHAR, for frame payloads.
bytes() { head -c "$1" /dev/zero | tr '\0' "$2"; }

# --- y4m: generated videos, then headers with every tag and colorspace kind.
n=0
for fmt in "16 8 420 8" "17 9 422 10" "9 7 444 12" "8 6 420 16"; do
    set -- $fmt
    "$gen" -w "$1" -h "$2" -p "$3" -b "$4" -n 2 -s 3 -k mix -y "$out/y4m/gen$n.y4m" "$tmp/dis.y4m"
    n=$((n + 1))
done
{ printf 'YUV4MPEG2 W4 H2 F25:1 Ip A1:1 Cmono XCOLORRANGE=FULL\nFRAME\n'; bytes 8 a
  printf 'FRAME Ixyz\n'; bytes 8 b; } > "$out/y4m/mono.y4m"
{ printf 'YUV4MPEG2 W3 H2 C444alpha\nFRAME\n'; bytes 24 c; } > "$out/y4m/alpha.y4m"
{ printf 'YUV4MPEG2 H2 W2 Cmono12 F30000:1001\nFRAME\n'; bytes 8 d; } > "$out/y4m/mono12.y4m"
{ printf 'YUV4MPEG2 W5 H3 C420jpeg I?\nFRAME\n'; bytes 27 e; } > "$out/y4m/odd420.y4m"
{ printf 'YUV4MPEG2 W2 H2\nFRAME\n'; bytes 6 f; } > "$out/y4m/nocolorspace.y4m"
# The images the same probe hands to the PNM and PNG readers.
{ printf 'P6\n# a comment\n3 2\n255\n'; bytes 18 i; } > "$out/y4m/rgb8.ppm"
{ printf 'P6 2 2 65535\n'; bytes 24 j; } > "$out/y4m/rgb16.ppm"
{ printf 'P5\n4 2\n1023\n'; bytes 16 k; } > "$out/y4m/grey10.pgm"
if command -v python3 >/dev/null; then
    python3 - "$src/tests/lib" "$out/y4m" <<'PY'
import os, sys
sys.path.insert(0, sys.argv[1])
from images import gama_chunk, write_png
out = sys.argv[2]
write_png(os.path.join(out, "rgb8.png"), 3, 2, 8, bytes(range(18)))
write_png(os.path.join(out, "rgb16.png"), 2, 2, 16, bytes(range(24)))
write_png(os.path.join(out, "grey8.png"), 4, 3, 8, bytes(range(12)), channels=1)
write_png(os.path.join(out, "gamma.png"), 2, 1, 8, bytes(6), extra=gama_chunk(0.45455))
PY
fi

# --- yuv: four bytes for w-1, h-1, format (420 422 444 400) and depth,
# then the file. The depth byte's low nibble is bpc-8, its high nibble how
# many bits the picture adds.
yuv_seed() {
    name=$1 ctl=$2
    shift 2
    { printf "$ctl"; cat "$@"; } > "$out/yuv/$name"
}
"$gen" -w 16 -h 8 -p 420 -b 8 -n 2 -s 4 -k mix "$tmp/a.yuv" "$tmp/dis.yuv"
yuv_seed 420_8 '\017\007\000\000' "$tmp/a.yuv"
"$gen" -w 13 -h 5 -p 422 -b 10 -n 2 -s 5 -k noise "$tmp/b.yuv" "$tmp/dis.yuv"
yuv_seed 422_10_to_12 '\014\004\001\042' "$tmp/b.yuv"
"$gen" -w 7 -h 3 -p 444 -b 12 -n 1 -s 6 -k blur "$tmp/c.yuv" "$tmp/dis.yuv"
yuv_seed 444_12 '\006\002\002\004' "$tmp/c.yuv"
bytes 12 g > "$tmp/d.yuv"
yuv_seed 400_8_to_16 '\003\002\003\200' "$tmp/d.yuv"
# Widths whose rows fill the pictures' strides: read at offsets too.
"$gen" -w 64 -h 4 -p 420 -b 8 -n 3 -s 7 -k mix "$tmp/e.yuv" "$tmp/dis.yuv"
yuv_seed 420_8_positioned '\077\003\000\000' "$tmp/e.yuv"
"$gen" -w 16 -h 3 -p 444 -b 10 -n 2 -s 8 -k noise "$tmp/f.yuv" "$tmp/dis.yuv"
{ cat "$tmp/f.yuv"; bytes 100 h; } > "$tmp/g.yuv"
yuv_seed 444_10_positioned_cut '\017\002\002\002' "$tmp/g.yuv"

# --- model: the model files, and a small model and collection that use the
# transform, the knots and the chroma correction.
find "$models" -name '*.json' -size -64k 2>/dev/null | sort | while read -r f; do
    cp "$f" "$out/model/$(basename "$f")"
done
small_model='{"model_dict": {"model_type": "LIBSVMNUSVR", "norm_type": "linear_rescale",
 "feature_names": ["VMAF_integer_feature_adm3_score", "Speed_chroma_feature_speed_chroma_uv_score"],
 "slopes": [0.5, 1.0, 2.0], "intercepts": [0.1, -0.2, 0.3],
 "feature_opts_dicts": [{"adm_csf_mode": 2}, {"speed_max_val": 45.0}],
 "score_clip": [0, 100.0], "chroma_correction_parameter": 120.0,
 "score_transform": {"enabled": true, "p0": 1.5, "p1": 0.9, "p2": -0.001, "out_lte_in": "true",
  "knots": [[0.0, 0.0], [50.0, 60.0], [100.0, 100.0]]},
 "model": "svm_type nu_svr\nkernel_type rbf\ngamma 0.04\nnr_class 2\ntotal_sv 2\nrho -1.5\nSV\n-4 1:0.5 2:0.25 \n4 1:0.75 \n"}}'
printf '%s\n' "$small_model" > "$out/model/small.json"
printf '{"0": %s, "1": %s}\n' "$small_model" "$small_model" > "$out/model/collection.json"

# --- feature_opts: every extractor at several frame formats, and every
# --feature of the golden cases.
formats="- 33x17_422_10 8x8_444_12 64x36_420_16 17x9_400_8 1x1_420_8 216x216_420_10 177x176_444_8"
feature_seed() { # NAME SPEC FORMAT
    fmt=$(printf '%s' "$3" | tr '_' ' ')
    name=${2%%=*}
    {
        if [ "$3" = - ]; then printf '%s\n' "$name"; else printf '%s %s\n' "$name" "$fmt"; fi
        case $2 in *=*) printf '%s\n' "${2#*=}" | tr ':' '\n' ;; esac
    } > "$out/feature_opts/$1"
}
for fex in psnr adm motion vif motion_v2 float_psnr float_ansnr float_moment float_vif float_adm \
    float_motion float_ssim float_ms_ssim ssim psnr_hvs ciede cambi speed_chroma speed_temporal; do
    for f in $formats; do
        feature_seed "$fex.$f" "$fex" "$f"
    done
done
n=0
grep -ho -- '--feature [^ |]*' $cases | sed 's/^--feature //' | sort -u | while read -r spec; do
    n=$((n + 1))
    fmt=$(echo $formats | cut -d' ' -f$((n % 8 + 1)))
    feature_seed "golden$n" "$spec" "$fmt"
done

# --- cli: the golden cases' command lines, one argument per line, and the
# presets.
n=0
grep -hv '^#' $cases | cut -d'|' -f3 | grep -- '-' | while read -r args; do
    n=$((n + 1))
    printf '%s\n' -r ref.yuv -d dis.yuv $args --json -o out.json > "$out/cli/golden$n"
done
printf '%s\n' -r a.y4m -d b.y4m --aom_ctc v7.0 --threads 4 > "$out/cli/aom_ctc"
printf '%s\n' -r a.y4m -d b.y4m --nflx_ctc v1.0 --subsample 2 --frame_cnt 10 > "$out/cli/nflx_ctc"
printf '%s\n' -r a.y4m -d b.y4m --model version=vmaf_v0.6.1:enable_transform:adm.adm_enhn_gain_limit=1.2 \
    --feature psnr=enable_apsnr=true --cpumask 0x3 --backend cpu > "$out/cli/overload"
printf '%s\n' --help > "$out/cli/help"
printf '%s\n' --batch pairs.tsv --jobs 3 --hwdec none --json > "$out/cli/batch"
printf '%s\n' -r a.mp4 -d b.mkv --hwdec cuda --frame_cnt 8 > "$out/cli/encoded"

rm -rf "$tmp"
for d in "$out"/*; do
    echo "make_seeds: $(ls "$d" | wc -l) seeds in $d"
done

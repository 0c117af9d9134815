#!/bin/sh
# Bad input through the CLI: each case must exit with the expected status and
# one message naming what is wrong, never crash (status >= 128) or hang, and
# leave no output file (nor its temporary, .vmaf-*). Shorter but intact inputs are
# scored over the frames both have, with a warning.
# Usage: bad_input.sh VMAF GEN_YUV WORKDIR
vmaf=$1 gen=$2 dir=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir" && cd "$dir" || exit 1
rm -f ./*.json ./*.yuv ./*.y4m ./*.pkl
fails=0 cases=0
# A hang is a failure too; sanitizer builds are several times slower.
limit=300

"$gen" -w 64 -h 64 -p 420 -b 8 -n 3 -s 1 -k mix ref.yuv dis.yuv || exit 1
"$gen" -w 64 -h 64 -p 420 -b 8 -n 3 -s 1 -k mix -y ref.y4m dis.y4m || exit 1
"$gen" -w 48 -h 64 -p 420 -b 8 -n 3 -s 1 -k mix -y small.y4m small_dis.y4m || exit 1
"$gen" -w 64 -h 64 -p 444 -b 8 -n 3 -s 1 -k mix -y c444.y4m c444_dis.y4m || exit 1
"$gen" -w 64 -h 64 -p 420 -b 10 -n 3 -s 1 -k mix -y b10.y4m b10_dis.y4m || exit 1
printf '\020\040\060' > one_a.yuv # three 1x1 4:2:0 frames (no chroma samples)
printf '\021\041\061' > one_b.yuv
head -c 10000 dis.yuv > trunc.yuv # frame 1 cut inside
printf 'YUV4MPEG2 W64 C420\nFRAME\n' > nohdr.y4m
printf 'YUV4MPEG2 W0 H64 C420\nFRAME\n' > zero.y4m
printf 'YUV4MPEG2 W64 H64 Cfoo\nFRAME\n' > badcs.y4m
printf 'YUV4MPEG2 W16384 H16384 C420\nFRAME\n' > huge.y4m
printf '{"model_dict": {' > bad_model.json

raw="-w 64 -h 64 -p 420 -b 8"
frame=6144 # bytes of one 64x64 4:2:0 8-bit frame

. "$here/cli_lib.sh"

# run ARGS...: runs vmaf writing out.json; sets status and msg (stderr).
run() {
    rm -f out.json .vmaf-*
    run_vmaf $limit "$@" -o out.json --json
}

# says PATTERN: msg contains PATTERN (any msg for an empty one).
says() {
    [ -z "$1" ] || printf '%s' "$msg" | grep -q -- "$1"
}

leftover() {
    ls -A | grep -E '^(out\.json|\.vmaf-.*)$' | head -n 1
}

# expect STATUS PATTERN ARGS...: the run must exit with STATUS, print PATTERN
# and write nothing.
expect() {
    want=$1 pattern=$2
    shift 2
    run "$@"
    left=$(leftover)
    if [ "$status" != "$want" ] || ! says "$pattern" || [ -n "$left" ]; then
        fail "exit $status, want $want, pattern '$pattern'${left:+, left $left}" "$*" "$msg"
    fi
}

# expect_frames N PATTERN ARGS...: the run must succeed, print PATTERN and
# write the scores of exactly N frames.
expect_frames() {
    want=$1 pattern=$2
    shift 2
    run "$@"
    got=$(grep -c '"frameNum"' out.json 2>/dev/null)
    if [ "$status" != 0 ] || ! says "$pattern" ||
        [ "${got:-0}" != "$want" ] || [ -n "$(ls -A | grep '^\.vmaf-')" ]; then
        fail "exit $status, ${got:-no} frames, want $want, pattern '$pattern'" "$*" "$msg"
    fi
}

# --- Files and formats.
expect 2 "nonexistent.yuv" -r ref.yuv -d nonexistent.yuv $raw -n --feature psnr
expect 2 "frame 1 is truncated" -r ref.yuv -d trunc.yuv $raw -n --feature psnr
expect 2 "contradicts" -r ref.y4m -d dis.yuv -w 32 -h 64 -p 420 -b 8 -n --feature psnr
expect 2 "frame sizes differ.*small.y4m" -r ref.y4m -d small.y4m -n --feature psnr
expect 2 "pixel formats differ" -r ref.y4m -d c444.y4m -n --feature psnr
expect 2 "bit depths differ" -r ref.y4m -d b10.y4m -n --feature psnr
expect 2 "not a Y4M file" -r ref.yuv -d dis.yuv -n --feature psnr
cases=$((cases + 1))
msg=$(timeout $limit "$vmaf" -r ref.yuv -d dis.yuv $raw -n --feature psnr -o nodir/out.json 2>&1)
status=$?
if [ $status != 2 ] || ! says "cannot create a file in its folder (No such file or directory)" || [ -e nodir ]; then
    fail "exit $status, want 2, pattern 'cannot create a file in its folder'" "... -o nodir/out.json" "$msg"
fi

# Samples past the bit depth (an 8-bit file read as 10-bit; a 10-bit Y4M
# holding 16-bit values) are refused with the frame, plane, position and
# value, or clamped on request.
expect 2 "ref.yuv: frame 0, plane 0, sample (0, 0) is [0-9]*, above 10-bit's 1023" \
    -r ref.yuv -d dis.yuv -w 64 -h 32 -p 420 -b 10 -n --feature psnr
expect_frames 3 "" -r ref.yuv -d dis.yuv -w 64 -h 32 -p 420 -b 10 -n --feature psnr --clamp_samples
{ printf 'YUV4MPEG2 W64 H64 C420p10\nFRAME\n'; head -c 12288 /dev/zero | tr '\000' '\377'; } > over10.y4m
expect 2 "over10.y4m: frame 0, plane 0, sample (0, 0) is 65535, above 10-bit's 1023" \
    -r b10.y4m -d over10.y4m -n --feature psnr

# --- Truncation at every frame boundary (a shorter input, scored as far as
# both go) and inside every frame (an error), of either input; with a feature
# that reads chroma and with one that reads luma only, whose pictures hold no
# chroma (the reader skips it, and must still see it cut).
luma=psnr=enable_chroma=false
for feature in psnr $luma; do
for side in ref dis; do
    for kind in yuv y4m; do
        args=$raw
        header=0
        if [ $kind = y4m ]; then
            args=
            header=$(head -n 1 ref.y4m | wc -c)
        fi
        stride=$((frame + (header ? 6 : 0)))
        for k in 0 1 2; do
            start=$((header + k * stride))
            head -c $start $side.$kind > cut.$kind
            if [ $side = ref ]; then set -- -r cut.$kind -d dis.$kind; else set -- -r ref.$kind -d cut.$kind; fi
            if [ $k = 0 ]; then
                expect 2 "no frames to score" "$@" $args -n --feature $feature
            else
                expect_frames $k "ended before" "$@" $args -n --feature $feature
            fi
            # In the FRAME marker, its line, the first and last byte of the
            # luma plane, between the planes, in the last plane.
            inside="1 $((frame - 1)) 4096 5000"
            [ $kind = y4m ] && inside="3 6 7 $((stride - 1)) $((6 + 4096))"
            for at in $inside; do
                head -c $((start + at)) $side.$kind > cut.$kind
                expect 2 "frame $k is truncated" "$@" $args -n --feature $feature
            done
        done
        set -- -r ref.$kind -d dis.$kind
        expect_frames 3 "" "$@" $args -n --feature $feature
    done
done
done
# From a pipe, chroma is read to skip it: the frames come whole, and a cut
# there is seen as well.
piped() { # FILE: scores ref.yuv against FILE through a pipe, luma only
    cases=$((cases + 1))
    rm -f out.json
    msg=$(timeout $limit sh -c "cat $1 | \"$vmaf\" -r ref.yuv -d /dev/stdin $raw -n \
        --feature $luma -o out.json --json" 2>&1)
    status=$?
}
piped dis.yuv
if [ $status != 0 ] || [ "$(grep -c '"frameNum"' out.json 2>/dev/null)" != 3 ]; then
    fail "exit $status, want 3 frames" "cat dis.yuv | vmaf -d /dev/stdin" "$msg"
fi
head -c $((frame + 5000)) dis.yuv > cut.yuv
piped cut.yuv
if [ $status != 2 ] || ! says "frame 1 is truncated" || [ -n "$(leftover)" ]; then
    fail "exit $status, want 2, pattern 'frame 1 is truncated'" "cat cut.yuv | vmaf -d /dev/stdin" "$msg"
fi

# --- Y4M headers.
y4m_header() { # NAME HEADER: the header line, then an empty frame header
    printf 'YUV4MPEG2 %s\nFRAME\n' "$2" > "$1.y4m"
}
expect 2 "nohdr.y4m" -r nohdr.y4m -d dis.y4m -n --feature psnr
expect 2 "zero.y4m" -r zero.y4m -d dis.y4m -n --feature psnr
expect 2 "badcs.y4m" -r badcs.y4m -d dis.y4m -n --feature psnr
expect 2 "huge.y4m: frame size 16384x16384 exceeds" -r huge.y4m -d dis.y4m -n --feature psnr
y4m_header h "W16385 H16 C420"
expect 2 "16385x16 is out of range" -r h.y4m -d h.y4m -n --feature psnr
for tag in W-1 Wabc H0x10 F30 A1: Ix; do
    y4m_header h "W64 H64 $tag"
    expect 2 "bad Y4M header tag \"$tag\"" -r h.y4m -d dis.y4m -n --feature psnr
done
y4m_header h "W64 C420"
expect 2 "no H (height) tag" -r h.y4m -d dis.y4m -n --feature psnr
y4m_header h "W64 H64 Ib"
expect 2 "interlaced" -r h.y4m -d dis.y4m -n --feature psnr
y4m_header h "W64 H64 C411"
expect 2 "4:1:1" -r h.y4m -d dis.y4m -n --feature psnr
for cs in C420p7 C444p17 Cmono8; do
    y4m_header h "W64 H64 $cs"
    expect 2 "\"$cs\"" -r h.y4m -d dis.y4m -n --feature psnr
done
printf 'YUV4MPEG2 W64 H64 C420' > h.y4m
expect 2 "header is truncated" -r h.y4m -d dis.y4m -n --feature psnr
{ printf 'YUV4MPEG2 W64 H64 X'; head -c 5000 /dev/zero | tr '\0' x; echo; } > h.y4m
expect 2 "longer than 4095 bytes" -r h.y4m -d dis.y4m -n --feature psnr
{ head -n 1 ref.y4m; printf 'FRAMX\n'; } > h.y4m
expect 2 "expected a FRAME header" -r h.y4m -d dis.y4m -n --feature psnr
{ head -n 1 ref.y4m; printf 'FRAMEx\n'; } > h.y4m
expect 2 "bad FRAME header" -r h.y4m -d dis.y4m -n --feature psnr
# The largest sides, one frame each, cut short.
y4m_header h "W16384 H16 C420"
expect 2 "frame 0 is truncated" -r h.y4m -d h.y4m -n --feature psnr
y4m_header h "W16 H16384 Cmono16"
expect 2 "frame 0 is truncated" -r h.y4m -d h.y4m -n --feature psnr

# --- Odd and tiny sizes: scored where the metric can, refused clearly where not.
expect_frames 3 "" -r one_a.yuv -d one_b.yuv -w 1 -h 1 -p 420 -b 8 -n --feature psnr
expect 2 "1x1 is too small" -r one_a.yuv -d one_b.yuv -w 1 -h 1 -p 420 -b 8 -n --feature vif

# --- Command line and option values.
expect 1 "width" -r ref.yuv -d dis.yuv -w 0 -h 64 -p 420 -b 8 -n --feature psnr
expect 1 "width" -r ref.yuv -d dis.yuv -w 99999 -h 64 -p 420 -b 8 -n --feature psnr
expect 1 "exceeds the limit" -r ref.yuv -d dis.yuv -w 16384 -h 16384 -p 420 -b 8 -n --feature psnr
expect 1 "pixel" -r ref.yuv -d dis.yuv -w 64 -h 64 -p 411 -b 8 -n --feature psnr
expect 1 "bit" -r ref.yuv -d dis.yuv -w 64 -h 64 -p 420 -b 7 -n --feature psnr
expect 1 "frame_cnt\|number" -r ref.yuv -d dis.yuv $raw -n --feature psnr --frame_cnt x12
expect 1 "--frame_cnt" -r ref.yuv -d dis.yuv $raw -n --feature psnr --frame_cnt 99999999999999999999
expect 1 "--threads" -r ref.yuv -d dis.yuv $raw -n --feature psnr --threads 99999
expect 1 "--subsample" -r ref.yuv -d dis.yuv $raw -n --feature psnr --subsample 4294967296
expect 1 "--cpumask" -r ref.yuv -d dis.yuv $raw -n --feature psnr --cpumask 0x1ffffffffffffffff
expect 1 "--gpu_device" -r ref.yuv -d dis.yuv $raw -n --feature psnr --gpu_device 99999999999
expect 1 "" -r ref.yuv $raw -n --feature psnr
expect 2 "unknown feature extractor \"nosuch\"" -r ref.yuv -d dis.yuv $raw -n --feature nosuch
expect 2 "unknown option \"nosuch\"" -r ref.yuv -d dis.yuv $raw -n --feature psnr=nosuch=1
expect 2 "out of range" -r ref.yuv -d dis.yuv $raw -n --feature vif=vif_enhn_gain_limit=1000
expect 2 "1e308 is out of range \[1, .*as a float it is inf" -r ref.yuv -d dis.yuv $raw -n \
    --feature vif=vif_enhn_gain_limit=1e308
expect 2 "min_sse: -1e308 is out of range" -r ref.yuv -d dis.yuv $raw -n --feature psnr=min_sse=-1e308
expect 2 "not a valid number" -r ref.yuv -d dis.yuv $raw -n --feature motion=motion_max_val=nan
expect 2 "out of range" -r ref.yuv -d dis.yuv $raw -n --feature cambi=window_size=2147483648
expect 2 "out of range" -r ref.yuv -d dis.yuv $raw -n --feature float_ssim=scale=1e20
expect 2 "not a valid integer" -r ref.yuv -d dis.yuv $raw -n --feature cambi=window_size=20.5
long=$(head -c 100000 /dev/zero | tr '\0' x)
expect 2 "unknown feature extractor" -r ref.yuv -d dis.yuv $raw -n --feature "$long"

# --- Models: garbage JSON, wrong structure, a missing feature, bad options.
model() { # NAME FEATURE OPTIONS: a one-feature model
    printf '{"model_dict": {"model_type": "LIBSVMNUSVR", "norm_type": "none",
 "feature_names": ["%s"], "feature_opts_dicts": [%s], "slopes": [1.0, 1.0],
 "intercepts": [0.0, 0.0], "model": "svm_type nu_svr\\nkernel_type rbf\\ngamma 0.04\\nnr_class 2\\ntotal_sv 1\\nrho -1.5\\nSV\\n1 1:0.5 \\n"}}\n' \
        "$2" "$3" > "$1.json"
}
: > empty.json
head -c 300 ref.yuv > binary.json
{ head -c 100 /dev/zero | tr '\0' '['; head -c 100 /dev/zero | tr '\0' ']'; } > deep.json
echo '[]' > array.json
echo '{"model_dict": 5}' > number.json
echo '{"model_dict": {"slopes": [1e999]}}' > overflow.json
echo '{"model_dict": {}, "model_dict": {}}' > duplicate.json
printf '{"model_dict": {"model": "a\\qb"}}' > escape.json
echo '{"0": {"model_dict": {}}}' > collection.json
echo '[]' > old.pkl
model adm2 VMAF_integer_feature_adm2_score '{}'
model missing VMAF_feature_nosuch_score '{}'
model badopt VMAF_integer_feature_adm2_score '{"nosuch": 1}'
model badvalue VMAF_integer_feature_adm2_score '{"adm_enhn_gain_limit": 1e9}'
expect 2 "\"no_such_model\": it is not built in" -r ref.yuv -d dis.yuv $raw --model version=no_such_model
expect 2 "bad_model.json" -r ref.yuv -d dis.yuv $raw --model path=bad_model.json
expect 2 "empty.json: not valid JSON" -r ref.yuv -d dis.yuv $raw --model path=empty.json
expect 2 "binary.json: not valid JSON" -r ref.yuv -d dis.yuv $raw --model path=binary.json
expect 2 "nested deeper" -r ref.yuv -d dis.yuv $raw --model path=deep.json
expect 2 "must be an object" -r ref.yuv -d dis.yuv $raw --model path=array.json
expect 2 "model_dict must be an object" -r ref.yuv -d dis.yuv $raw --model path=number.json
expect 2 "out of range" -r ref.yuv -d dis.yuv $raw --model path=overflow.json
expect 2 "duplicate key" -r ref.yuv -d dis.yuv $raw --model path=duplicate.json
expect 2 "escape" -r ref.yuv -d dis.yuv $raw --model path=escape.json
expect 2 "collection.json" -r ref.yuv -d dis.yuv $raw --model path=collection.json
expect 2 "pkl" -r ref.yuv -d dis.yuv $raw --model path=old.pkl
expect 2 "no extractor computes feature VMAF_feature_nosuch_score" -r ref.yuv -d dis.yuv $raw \
    --model path=missing.json
expect 2 "unknown option \"nosuch\"" -r ref.yuv -d dis.yuv $raw --model path=badopt.json
expect 2 "out of range" -r ref.yuv -d dis.yuv $raw --model path=badvalue.json
expect 2 "out of range" -r ref.yuv -d dis.yuv $raw --model path=adm2.json:adm.adm_enhn_gain_limit=1e9
expect 2 "1x1 is too small" -r one_a.yuv -d one_b.yuv -w 1 -h 1 -p 420 -b 8 --model path=adm2.json

# --- ssimulacra2: pictures it cannot read as colour, too small, or an
# unknown option value; a good pair is scored.
"$gen" -w 61 -h 64 -p 420 -b 8 -n 1 -s 1 -k mix odd_ref.yuv odd_dis.yuv || exit 1
"$gen" -w 7 -h 64 -p 444 -b 8 -n 1 -s 1 -k mix tiny_ref.yuv tiny_dis.yuv || exit 1
expect 2 "ssimulacra2: needs colour" -r ref.yuv -d dis.yuv -w 64 -h 64 -p 400 -b 8 -n \
    --feature ssimulacra2
expect 2 "4:2:0 needs an even width" -r odd_ref.yuv -d odd_dis.yuv -w 61 -h 64 -p 420 -b 8 \
    -n --feature ssimulacra2
expect 2 "smaller than its 8x8 minimum" -r tiny_ref.yuv -d tiny_dis.yuv -w 7 -h 64 -p 444 \
    -b 8 -n --feature ssimulacra2
expect 2 'unknown matrix "bt2021"' -r ref.y4m -d dis.y4m -n --feature ssimulacra2=matrix=bt2021
expect 2 'unknown tagged_range "wide"' -r ref.y4m -d dis.y4m -n \
    --feature ssimulacra2=tagged_range=wide
expect_frames 3 "" -r ref.y4m -d dis.y4m -n --feature ssimulacra2

echo "cli.bad_input: $((cases - fails)) passed, $fails failed"
[ "$fails" = 0 ]

#!/bin/sh
# Bad input through the CLI: each case must exit non-zero with one message
# naming what is wrong, never crash (status >= 128), and leave no output file.
# Usage: bad_input.sh VMAF GEN_YUV WORKDIR
vmaf=$1 gen=$2 dir=$3
mkdir -p "$dir" && cd "$dir" || exit 1
fails=0 cases=0
"$gen" -w 64 -h 64 -p 420 -b 8 -n 3 -s 1 -k mix ref.yuv dis.yuv || exit 1
"$gen" -w 64 -h 64 -p 420 -b 8 -n 3 -s 1 -k mix -y ref.y4m dis.y4m || exit 1
"$gen" -w 48 -h 64 -p 420 -b 8 -n 3 -s 1 -k mix -y small.y4m small_dis.y4m || exit 1
head -c 10000 dis.yuv > trunc.yuv        # frame 1 cut inside
head -c 6144 dis.yuv > short.yuv         # exactly one frame
printf 'YUV4MPEG2 W64 C420\nFRAME\n' > nohdr.y4m
printf 'YUV4MPEG2 W0 H64 C420\nFRAME\n' > zero.y4m
printf 'YUV4MPEG2 W64 H64 Cfoo\nFRAME\n' > badcs.y4m
printf 'YUV4MPEG2 W16384 H16384 C420\nFRAME\n' > huge.y4m
printf '{"model_dict": {' > bad_model.json

raw="-w 64 -h 64 -p 420 -b 8"
# expect STATUS PATTERN ARGS...: the run must exit with STATUS and print PATTERN
expect() {
    want=$1 pattern=$2
    shift 2
    cases=$((cases + 1))
    rm -f out.json
    msg=$("$vmaf" "$@" -o out.json --json 2>&1 >/dev/null)
    got=$?
    if [ "$got" != "$want" ] || ! printf '%s' "$msg" | grep -q -- "$pattern" || [ -e out.json ]; then
        echo "FAIL (exit $got, want $want, pattern '$pattern'): vmaf $*"
        echo "     said: $msg"
        fails=$((fails + 1))
    fi
}

expect 2 "nonexistent.yuv" -r ref.yuv -d nonexistent.yuv $raw -n --feature psnr
expect 2 "frame 1 is truncated" -r ref.yuv -d trunc.yuv $raw -n --feature psnr
expect 1 "width" -r ref.yuv -d dis.yuv -w 0 -h 64 -p 420 -b 8 -n --feature psnr
expect 1 "width" -r ref.yuv -d dis.yuv -w 99999 -h 64 -p 420 -b 8 -n --feature psnr
expect 1 "pixel" -r ref.yuv -d dis.yuv -w 64 -h 64 -p 411 -b 8 -n --feature psnr
expect 1 "bit" -r ref.yuv -d dis.yuv -w 64 -h 64 -p 420 -b 7 -n --feature psnr
expect 2 "nohdr.y4m" -r nohdr.y4m -d dis.y4m -n --feature psnr
expect 2 "zero.y4m" -r zero.y4m -d dis.y4m -n --feature psnr
expect 2 "badcs.y4m" -r badcs.y4m -d dis.y4m -n --feature psnr
expect 2 "huge.y4m" -r huge.y4m -d dis.y4m -n --feature psnr
expect 2 "contradicts" -r ref.y4m -d dis.yuv -w 32 -h 64 -p 420 -b 8 -n --feature psnr
expect 2 "small.y4m" -r ref.y4m -d small.y4m -n --feature psnr
expect 2 "unknown feature extractor \"nosuch\"" -r ref.yuv -d dis.yuv $raw -n --feature nosuch
expect 2 "unknown option \"nosuch\"" -r ref.yuv -d dis.yuv $raw -n --feature psnr=nosuch=1
expect 2 "out of range" -r ref.yuv -d dis.yuv $raw -n --feature vif=vif_enhn_gain_limit=1000
expect 2 "not found" -r ref.yuv -d dis.yuv $raw --model version=no_such_model
expect 2 "bad_model.json" -r ref.yuv -d dis.yuv $raw --model path=bad_model.json
expect 1 "frame_cnt\|number" -r ref.yuv -d dis.yuv $raw -n --feature psnr --frame_cnt x12
expect 1 "" -r ref.yuv $raw -n --feature psnr

# A shorter input is scored over the frames both have, with a warning.
cases=$((cases + 1))
rm -f out.json
msg=$("$vmaf" -r ref.yuv -d short.yuv $raw -n --feature psnr --json -o out.json 2>&1)
if [ $? != 0 ] || ! printf '%s' "$msg" | grep -q "ended before" || [ ! -s out.json ]; then
    echo "FAIL: a shorter input: $msg"
    fails=$((fails + 1))
fi

echo "cli.bad_input: $((cases - fails)) passed, $fails failed"
[ "$fails" = 0 ]

#!/bin/sh
# --batch: each line's output equals what one run of that pair writes, per
# frame and pooled, whatever the number of pairs at once; a missing file, a
# size mismatch, a truncated stream and a malformed line in the middle fail
# naming their line while the others complete; exit 2 then, and no output
# for a failed line. The list itself: outputs named twice, an empty list,
# -r/-d/-o beside --batch, --jobs without it. --slice and --resume.
# Usage: batch.sh VMAF GEN_YUV SAME_SCORES_PY HAVE_LIBAV(ON|OFF) WORKDIR
vmaf=$1 gen=$2 same=$3 have_libav=$4 dir=$5
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir" && cd "$dir" || exit 1
rm -rf ./*.json ./*.y4m ./*.txt out
mkdir out
fails=0 cases=0
. "$here/cli_lib.sh"
command -v python3 >/dev/null || { echo "SKIP: no python3 to compare scores"; exit 77; }

# Y4M pairs of two sizes and depths, so that each line stands alone.
"$gen" -w 160 -h 120 -p 420 -b 8 -n 6 -s 1 -k mix -y a_ref.y4m a_dis.y4m &&
    "$gen" -w 176 -h 144 -p 444 -b 10 -n 5 -s 2 -k noise -y b_ref.y4m b_dis.y4m &&
    "$gen" -w 160 -h 120 -p 420 -b 8 -n 7 -s 3 -k blur -y c_ref.y4m c_dis.y4m &&
    "$gen" -w 96 -h 64 -p 420 -b 8 -n 6 -s 4 -k quant -y small_ref.y4m small_dis.y4m || exit 1
head -c 72000 c_dis.y4m >cut.y4m # within frame 2
tab=$(printf '\t')
flags="--feature psnr --json"

# Each pair alone, for the batch's outputs to equal.
for p in a b c; do
    run_vmaf 300 -r ${p}_ref.y4m -d ${p}_dis.y4m $flags -o one_$p.json
    [ $status = 0 ] || fail "exit $status" "-r ${p}_ref.y4m -d ${p}_dis.y4m" "$msg"
done

# batch_equals LIST JOBS: every good line's output equals its single run.
batch_equals() {
    for p in a b c; do
        python3 "$same" one_$p.json out/$p.json "--batch $1 --jobs $2, line of pair $p" ||
            fails=$((fails + 1))
    done
}

cat >good.txt <<EOF
# pairs of two sizes and depths
a_ref.y4m${tab}a_dis.y4m${tab}out/a.json

b_ref.y4m${tab}b_dis.y4m${tab}out/b.json
c_ref.y4m${tab}c_dis.y4m${tab}out/c.json
EOF
for jobs in 1 3; do
    rm -f out/*
    run_vmaf 300 --batch good.txt --jobs $jobs $flags -q
    [ $status = 0 ] && [ -z "$msg" ] || fail "exit $status, want 0 and nothing said" "--batch good.txt --jobs $jobs -q" "$msg"
    batch_equals good.txt $jobs
done

# A list written on Windows (CRLF), its last line without an end.
sed 's/$/\r/' good.txt | head -c -2 >crlf.txt
rm -f out/*
run_vmaf 300 --batch crlf.txt $flags -q
[ $status = 0 ] || fail "exit $status, want 0" "--batch crlf.txt" "$msg"
batch_equals crlf.txt 2

# Bad lines between good ones: each named, the rest scored.
cat >mixed.txt <<EOF
a_ref.y4m${tab}a_dis.y4m${tab}out/a.json
a_ref.y4m${tab}missing.y4m${tab}out/missing.json
b_ref.y4m${tab}b_dis.y4m${tab}out/b.json
a_ref.y4m${tab}small_dis.y4m${tab}out/small.json
c_ref.y4m${tab}cut.y4m${tab}out/cut.json
only one field
a_ref.y4m${tab}a_dis.y4m${tab}out/b.json
c_ref.y4m${tab}c_dis.y4m${tab}out/c.json
EOF
rm -f out/*
run_vmaf 300 --batch mixed.txt --jobs 2 $flags
[ $status = 2 ] || fail "exit $status, want 2" "--batch mixed.txt" "$msg"
for want in 'line 2: missing.y4m: cannot open' 'line 4: frame sizes differ' \
    'line 5: cut.y4m: frame 2 is truncated' 'line 6: want REFERENCE<TAB>DISTORTED<TAB>OUTPUT' \
    'line 7: output "out/b.json" is also line 3'"'"'s' '5 of 8 pairs failed (lines 2, 4, 5, 6, 7)'; do
    printf '%s' "$msg" | grep -qF -- "$want" || fail "no \"$want\"" "--batch mixed.txt" "$msg"
done
for f in missing small cut; do
    [ -e out/$f.json ] && fail "out/$f.json written for a failed line" "--batch mixed.txt" "$msg"
done
batch_equals mixed.txt 2

# The list itself, and the flags beside it.
: >empty.txt
run_vmaf 60 --batch empty.txt
[ $status = 2 ] && printf '%s' "$msg" | grep -q 'lists no pair' ||
    fail "exit $status, want 2 and 'lists no pair'" "--batch empty.txt" "$msg"
run_vmaf 60 --batch missing.txt
[ $status = 2 ] && printf '%s' "$msg" | grep -q 'missing.txt.*cannot open' ||
    fail "exit $status, want 2 naming the list" "--batch missing.txt" "$msg"
run_vmaf 60 --batch good.txt -r a_ref.y4m
[ $status = 1 ] && printf '%s' "$msg" | grep -q 'give no -r, -d or -o' ||
    fail "exit $status, want 1" "--batch good.txt -r a_ref.y4m" "$msg"
run_vmaf 60 -r a_ref.y4m -d a_dis.y4m --jobs 2
[ $status = 1 ] && printf '%s' "$msg" | grep -q -- '--jobs is the number of pairs' ||
    fail "exit $status, want 1" "--jobs 2 without --batch" "$msg"

# --slice: the slices of a list score each line once between them, the same
# lines every time, each output equal to its single run; --resume skips the
# complete outputs and scores an output cut short again.
for i in 0 1 2; do
    run_vmaf 300 --batch good.txt --slice $i/3 $flags
    printf '%s' "$msg" | sed -n 's/^vmaf: \([0-9]*\) of 3 lines in slice.*/\1/p' >>slices.txt
done
[ "$(sort slices.txt | tr -d '\n')" = 111 ] ||
    fail "slices of sizes $(tr '\n' ' ' <slices.txt), want 1 1 1" "--batch good.txt --slice I/3" ""
batch_equals good.txt "1, --slice I/3"
run_vmaf 300 --batch good.txt --slice 0/3 $flags
first=$msg
run_vmaf 300 --batch good.txt --slice 0/3 $flags
[ "$msg" = "$first" ] || fail "two runs of one slice differ" "--slice 0/3" "$msg"
head -c 100 out/b.json >cut.json && mv cut.json out/b.json
touch -d '2000-01-01' out/a.json
run_vmaf 300 --batch good.txt --resume $flags
printf '%s' "$msg" | grep -q '3 of 3 lines in slice 0/1, 2 of them already scored' ||
    fail "want 2 of 3 already scored" "--batch good.txt --resume" "$msg"
[ "$(date -r out/a.json +%Y)" = 2000 ] || fail "a complete output was scored again" "--resume" ""
batch_equals good.txt "1, --resume"
for bad in 3/3 1/0 x/2 -1/2 2; do
    run_vmaf 60 --batch good.txt --slice $bad
    [ $status = 1 ] && printf '%s' "$msg" | grep -q 'want I/N' ||
        fail "exit $status, want 1 and 'want I/N'" "--slice $bad" "$msg"
done
run_vmaf 60 -r a_ref.y4m -d a_dis.y4m --resume
[ $status = 1 ] || fail "exit $status, want 1" "--resume without --batch" "$msg"

# Encoded pairs in a batch score as they do alone.
if [ "$have_libav" = ON ] && command -v ffmpeg >/dev/null; then
    for s in ref dis; do
        ffmpeg -nostdin -hide_banner -loglevel error -y -i a_$s.y4m -c:v libx264 -crf 30 \
            a_$s.mkv || fail "ffmpeg could not encode" "a_$s.mkv" ""
    done
    run_vmaf 300 -r a_ref.mkv -d a_dis.mkv $flags -o one_mkv.json
    printf 'a_ref.mkv\ta_dis.mkv\tout/mkv.json\na_ref.mkv\tb_dis.y4m\tout/x.json\n' >enc.txt
    run_vmaf 300 --batch enc.txt $flags
    [ $status = 2 ] && printf '%s' "$msg" | grep -q 'line 2: frame sizes differ' ||
        fail "exit $status, want 2 and line 2's sizes" "--batch enc.txt" "$msg"
    python3 "$same" one_mkv.json out/mkv.json "--batch of Matroska files" || fails=$((fails + 1))
else
    echo "skip: encoded pairs in a batch (no FFmpeg libraries in this build, or no ffmpeg)"
fi

echo "$cases cases, $fails failed"
[ $fails = 0 ]

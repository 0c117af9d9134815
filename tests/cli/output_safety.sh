#!/bin/sh
# The output file (-o) as an attacker and a careless user meet it: nothing
# planted beside it is followed, errors come before any frame is read, a
# symlinked, 0600 or hard-linked destination stays what it was, long names
# work, a signal or a full disk leaves no temporary file and the old output
# intact, and the message names the real error.
# Usage: output_safety.sh VMAF GEN_YUV WORKDIR
vmaf=$1 gen=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 1
fails=0 cases=0
limit=120

"$gen" -w 64 -h 64 -p 420 -b 8 -n 3 -s 1 -k mix ref.yuv dis.yuv || exit 1
args="-r ref.yuv -d dis.yuv -w 64 -h 64 -p 420 -b 8 -n --feature psnr --json -q"

check() { # NAME CONDITION...: one case, failed unless the condition holds
    name=$1
    shift
    cases=$((cases + 1))
    if ! "$@"; then
        echo "FAIL: $name"
        fails=$((fails + 1))
    fi
}

score() { # OUT [more args]: scores into OUT; status in $status, stderr in $msg
    out=$1
    shift
    msg=$(timeout $limit "$vmaf" $args "$@" -o "$out" 2>&1 >/dev/null)
    status=$?
}

no_temporary() { [ -z "$(ls -A . | grep '^\.vmaf-')" ]; }
is_scores() { grep -q '"frameNum"' "$1"; }
says() { printf '%s' "$msg" | grep -q -- "$1"; }

# A symlink planted at every name the output's temporary file could have had
# (<out>.tmp<pid>, for the next thousand process ids) is never followed.
echo precious > victim
python3 -c 'import os; [os.symlink("victim", "out.json.tmp%d" % p) for p in range(os.getpid(), os.getpid() + 1000)]'
score out.json
untouched() { [ "$(cat "$1")" = "$2" ]; }
check "planted symlinks: exit 0" [ "$status" = 0 ]
check "planted symlinks left alone" untouched victim precious
check "planted symlinks: the output written" is_scores out.json
rm -f out.json.tmp* out.json

# A missing folder fails before the inputs are even opened: they are FIFOs
# no one writes, so reading them would block until the time limit.
mkfifo never_ref.yuv never_dis.yuv
msg=$(timeout 20 "$vmaf" -r never_ref.yuv -d never_dis.yuv -w 64 -h 64 -p 420 -b 8 -n \
    --feature psnr --json -q -o missing/out.json 2>&1 >/dev/null)
status=$?
check "missing folder: exit 2 before reading" [ "$status" = 2 ]
check "missing folder: says so" says "No such file or directory"

# A symlinked -o writes its target and stays a symlink.
echo old > target.json
ln -s target.json link.json
score link.json
check "symlinked -o stays a symlink" [ -L link.json ]
check "symlinked -o: its target written" is_scores target.json

# A 0600 file stays 0600; a hard-linked file keeps its links.
echo old > private.json
chmod 600 private.json
score private.json
check "0600 output stays 0600" [ "$(stat -c %a private.json)" = 600 ]
check "0600 output written" is_scores private.json
echo old > linked.json
ln linked.json other_name.json
score linked.json
check "hard link kept" [ "$(stat -c %i linked.json)" = "$(stat -c %i other_name.json)" ]
check "hard link: both names see the scores" is_scores other_name.json

# Names up to the file system's limit work; one past it fails at once.
long=$(python3 -c 'print("n" * 250)')
score "$long.json"
check "255-byte name works" is_scores "$long.json"
score "${long}xx.json"
check "256-byte name refused" [ "$status" = 2 ]
check "256-byte name: says so" says "File name too long"

# An empty name, a folder, and an input named as the output (its scores
# would replace it) are refused before anything is read.
score ""
check "empty -o refused" [ "$status" = 2 ]
mkdir folder
score folder
check "a folder as -o refused" says "is a folder"
cp ref.yuv ref_copy.yuv
ln -s ref_copy.yuv ref_link.yuv
score ref_link.yuv -r ref_copy.yuv
check "-o naming the reference refused" says "is the reference input"
check "-o naming the reference: the input kept" cmp -s ref.yuv ref_copy.yuv

# SIGTERM while the run waits for its input: no temporary file is left, the
# old output is kept, and the status is the signal's.
echo old > kept.json
mkfifo wait_ref.yuv wait_dis.yuv
"$vmaf" -r wait_ref.yuv -d wait_dis.yuv -w 64 -h 64 -p 420 -b 8 -n --feature psnr --json -q \
    -o kept.json 2>/dev/null &
pid=$!
i=0
while no_temporary && [ $i -lt 100 ]; do
    sleep 0.1
    i=$((i + 1))
done
check "the temporary file exists while the run waits" [ $i -lt 100 ]
kill -TERM $pid
wait $pid 2>/dev/null
status=$?
check "SIGTERM: the signal's status" [ "$status" = 143 ]
check "SIGTERM: no temporary file left" no_temporary
check "SIGTERM: the old output kept" untouched kept.json old

# A full device and a file-size limit: the real error, the old output kept.
score /dev/full
check "/dev/full: exit 2" [ "$status" = 2 ]
check "/dev/full: says ENOSPC" says "No space left on device"
echo old > big.json
"$gen" -w 64 -h 64 -p 420 -b 8 -n 30 -s 2 -k mix long_ref.yuv long_dis.yuv || exit 1
msg=$(sh -c "ulimit -f 1; trap '' XFSZ; exec timeout $limit \"$vmaf\" -r long_ref.yuv \
    -d long_dis.yuv -w 64 -h 64 -p 420 -b 8 -n --feature psnr --json -q -o big.json" 2>&1 >/dev/null)
status=$?
check "file-size limit: exit 2" [ "$status" = 2 ]
check "file-size limit: says EFBIG" says "File too large"
check "file-size limit: the old output kept" untouched big.json old
check "file-size limit: no temporary file left" no_temporary

# A full file system (a 64 KiB tmpfs, in a mount namespace of its own so
# that nothing outlives the test; skipped where mounting is not allowed).
mkdir small
if unshare -m sh -c 'mount -t tmpfs -o size=64k tmpfs small' 2>/dev/null; then
    msg=$(unshare -m sh -c "mount -t tmpfs -o size=64k tmpfs small && echo old > small/out.json &&
        dd if=/dev/zero of=small/fill bs=1k count=60 2>/dev/null;
        \"$vmaf\" -r long_ref.yuv -d long_dis.yuv -w 64 -h 64 -p 420 -b 8 -n --feature psnr \
            --json -q -o small/out.json; echo status \$?; cat small/out.json; ls -A small" 2>&1)
    check "full tmpfs: exit 2" says "status 2"
    check "full tmpfs: says ENOSPC" says "No space left on device"
    check "full tmpfs: the old output kept" says "^old"
    check "full tmpfs: no temporary file left" sh -c "! printf '%s' \"\$1\" | grep -q '^\.vmaf-'" \
        sh "$msg"
else
    echo "SKIP: full tmpfs (mounting a tmpfs is not permitted here)"
fi

echo "cli.output_safety: $((cases - fails)) passed, $fails failed"
[ "$fails" = 0 ]

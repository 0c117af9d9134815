#!/bin/sh
# Runs each libFuzzer target of a VMAF_FUZZ build for SECONDS, starting from
# the generated seeds and the checked-in regressions. Any crash, sanitizer
# report, leak, timeout (10 s per input) or out-of-memory fails the run; the
# input is kept in BUILD/tests/fuzz/crashes/<target>/ and belongs, once fixed,
# in tests/fuzz/regressions/<target>/. Usage: run_fuzz.sh BUILD SECONDS [TARGET...]
set -u
build=$1 seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
dir=$build/tests/fuzz
[ $# -gt 0 ] || set -- y4m yuv model feature_opts cli

sh "$here/make_seeds.sh" "$build/tests/golden/gen_yuv" "$dir/seeds" >/dev/null || exit 1
fails=0 runs=0
for target in "$@"; do
    runs=$((runs + 1))
    corpus=$dir/corpus/$target crashes=$dir/crashes/$target
    mkdir -p "$corpus" "$crashes"
    regressions=
    [ -d "$here/regressions/$target" ] && regressions=$here/regressions/$target
    log=$dir/fuzz_$target.log
    # shellcheck disable=SC2086
    "$dir/fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$crashes/" "$corpus" "$dir/seeds/$target" \
        $regressions >"$log" 2>&1
    status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    if [ $status = 0 ]; then
        echo "fuzz $target: ${seconds}s, ${execs:-?} inputs, $cov, no crash"
    else
        fails=$((fails + 1))
        echo "fuzz $target: FAILED (exit $status); input kept in $crashes:"
        grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$log" | head -n 20
    fi
done
echo "fuzz: $((runs - fails)) passed, $fails failed"
[ $fails = 0 ]

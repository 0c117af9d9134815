# Helpers of the CLI tests (sourced): $vmaf is the CLI, $fails and $cases the
# counts each test prints at its end.

# fail WHY ARGS SAID: counts and reports one failed case.
fail() {
    echo "FAIL ($1): vmaf $2"
    echo "     said: $3"
    fails=$((fails + 1))
}

# run_vmaf LIMIT ARGS...: runs vmaf for at most LIMIT seconds; sets status
# and msg (its stderr; stdout is dropped) and counts a case.
run_vmaf() {
    limit_s=$1
    shift
    cases=$((cases + 1))
    msg=$(timeout "$limit_s" "$vmaf" "$@" 2>&1 >/dev/null)
    status=$?
}

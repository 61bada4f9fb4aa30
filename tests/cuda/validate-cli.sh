#!/bin/sh
# `ptxlitmus validate` on the bundled samples: exit 0 when every observed outcome is allowed,
# 1 with FORBIDDEN when one is not, 2 on a malformed histogram.
#   validate-cli.sh PTXLITMUS TESTS_CUDA_DIR      (exit 77 while the subcommand is not wired)
set -u
bin=$1
dir=$2
if ! "$bin" validate --help >/dev/null 2>&1; then
    echo "SKIP: 'ptxlitmus validate' is not available yet"
    exit 77
fi
fail=0
expect() {
    want=$1
    shift
    out=$("$@" 2>&1)
    got=$?
    if [ "$got" -ne "$want" ]; then
        echo "FAIL (exit $got, expected $want): $*"
        echo "$out"
        fail=1
    else
        echo "ok (exit $got): $*"
    fi
}
expect 0 "$bin" validate "$dir/data/MP.litmus" --observed "$dir/samples/MP.hist"
expect 1 "$bin" validate "$dir/data/MP.litmus" --observed "$dir/samples/MP-forbidden.hist"
expect 1 "$bin" validate "$dir/data/MP.litmus" --observed "$dir/samples/MP.hist" \
    --observed "$dir/samples/MP-forbidden.hist"
expect 0 "$bin" validate "$dir/data/SB.litmus" --observed "$dir/samples/SB.litmus7.txt" --json
expect 0 "$bin" validate "$dir/data/CoRR.litmus" --observed "$dir/samples/CoRR.json"
expect 1 "$bin" validate --model sc "$dir/data/MP-relaxed.litmus" \
    --observed "$dir/samples/MP-relaxed.hist"
expect 2 "$bin" validate "$dir/data/MP.litmus" --observed "$dir/samples/malformed.hist"
if ! "$bin" validate "$dir/data/MP.litmus" --observed "$dir/samples/MP-forbidden.hist" |
    grep -q "1:r0=1; 1:r1=0; .*FORBIDDEN"; then
    echo "FAIL: the forbidden outcome is not flagged FORBIDDEN"
    fail=1
fi
exit $fail

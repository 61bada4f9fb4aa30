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
# -j, which --help lists, works on one test as on a campaign (it splits the test's search).
expect 0 "$bin" validate "$dir/data/MP.litmus" -j 1 --observed "$dir/samples/MP.hist"
expect 0 "$bin" validate "$dir/data/MP.litmus" --jobs 2 --observed "$dir/samples/MP.hist"
expect 0 "$bin" validate "$dir/data/CoRR.litmus" --observed "$dir/samples/CoRR.json"
expect 1 "$bin" validate --model sc "$dir/data/MP-relaxed.litmus" \
    --observed "$dir/samples/MP-relaxed.hist"
expect 2 "$bin" validate "$dir/data/MP.litmus" --observed "$dir/samples/malformed.hist"
# Counts of 2^64 or more, and totals that would wrap: exit 2 with file:line, never a garbage total.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'Test MP Allowed\nHistogram (1 states)\n18446744073709551616 :>1:r0=0; 1:r1=0;\n' \
    >"$tmp/huge.hist"
expect 2 "$bin" validate "$dir/data/MP.litmus" --observed "$tmp/huge.hist"
if ! "$bin" validate "$dir/data/MP.litmus" --observed "$tmp/huge.hist" 2>&1 |
    grep -q "huge.hist:3: error: the count 18446744073709551616 does not fit in 64 bits"; then
    echo "FAIL: a count of 2^64 is not reported at its line"
    fail=1
fi
printf 'Test MP Allowed\nHistogram (2 states)\n18446744073709551615 :>1:r0=0; 1:r1=0;\n%s\n' \
    '18446744073709551615 :>1:r0=1; 1:r1=1;' >"$tmp/wrap.hist"
expect 2 "$bin" validate "$dir/data/MP.litmus" --observed "$tmp/wrap.hist"
if ! "$bin" validate "$dir/data/MP.litmus" --observed "$dir/samples/MP-forbidden.hist" |
    grep -q "1:r0=1; 1:r1=0; .*FORBIDDEN"; then
    echo "FAIL: the forbidden outcome is not flagged FORBIDDEN"
    fail=1
fi
# Mixed sizes: histograms keyed as the harness prints them (1:r0=-1 from ld.s16, 65535 from
# ld.u16) are judged against the outcomes the checker assembles from bytes: the torn read of
# MP+u32+upper-u16 (1:r0=0 after the flag) is forbidden.
mixed=$dir/../../litmus/MixedSize
expect 0 "$bin" validate "$mixed/contained+signed.litmus" --observed "$dir/samples/contained+signed.hist"
expect 1 "$bin" validate "$mixed/MP+u32+upper-u16.litmus" \
    --observed "$dir/samples/MP+u32+upper-u16-torn.hist"
if ! "$bin" validate "$mixed/MP+u32+upper-u16.litmus" \
    --observed "$dir/samples/MP+u32+upper-u16-torn.hist" | grep -q "1:r0=0; 1:r1=1; .*FORBIDDEN"; then
    echo "FAIL: the torn mixed-size read is not flagged FORBIDDEN"
    fail=1
fi
# The same two as a campaign over the folder (tests matched by name).
expect 1 "$bin" validate --tests "$mixed" --observed "$dir/samples/contained+signed.hist" \
    --observed "$dir/samples/MP+u32+upper-u16-torn.hist"
# Strict names and data (issue 14): a register, thread or key the test or format does not have,
# and an empty histogram, are input errors (exit 2) naming what is wrong, never a verdict.
strict() {
    strict_file=$1
    strict_message=$2
    expect 2 "$bin" validate "$dir/data/MP.litmus" --observed "$strict_file"
    if ! "$bin" validate "$dir/data/MP.litmus" --observed "$strict_file" 2>&1 |
        grep -qF -- "$strict_message"; then
        echo "FAIL: $strict_file: the message lacks: $strict_message"
        fail=1
    fi
}
echo '[{"outcome": {"1:r9": 1}, "count": 3}]' >"$tmp/r9.json"
strict "$tmp/r9.json" "r9.json: error: test MP, entry 1: no register r9 in thread 1 (its registers: r0 r1)"
printf 'Test MP Allowed\nHistogram (1 states)\n5 :>2:r3=1;\n' >"$tmp/typo.hist"
strict "$tmp/typo.hist" "typo.hist:3: error: test MP: no thread 2 in the test (its threads: 0 1)"
echo '[{"outcome": {"1:r0": 1}, "count": 3, "cnt": 4}]' >"$tmp/key.json"
strict "$tmp/key.json" 'found the key "cnt", expected one of "outcome", "condition", "count", "seen"'
echo '[]' >"$tmp/empty.json"
strict "$tmp/empty.json" "an empty histogram says nothing"
# Names read from observation files reach the terminal with control characters escaped.
printf 'Test MP\033[31m weak: 0, total: 10\n' >"$tmp/esc.txt"
esc_out=$("$bin" validate --tests "$dir/data/MP.litmus" --observed "$tmp/esc.txt" \
    --allow-unmatched 2>&1)
if printf '%s' "$esc_out" | grep -q "$(printf '\033')"; then
    echo "FAIL: a raw ESC byte of an observation's test name reached the output"
    fail=1
elif ! printf '%s' "$esc_out" | grep -qF 'MP\x1b[31m'; then
    echo "FAIL: the escaped name is missing: $esc_out"
    fail=1
fi
exit $fail

#!/usr/bin/env bash
# `ptxlitmus gen` end to end: a family is required, -o/--output writes files (a failed write is
# an error that leaves the other files alone), stdout is a stream of tests that reads back.
#   usage: gen-cli.sh PTXLITMUS
set -uo pipefail
exe=$1
. "$(dirname "$0")/../lib/checks.sh"

# No family: an error that says so.
expect_rc 2 "$exe" gen
grep -q "ptxlitmus gen: error: name a family (or \`all\`), or give --cycle or --edges; \`ptxlitmus gen --list\` lists the families" "$tmp/out" ||
  fail "gen without a family: $(cat "$tmp/out")"

# -o and --output are the same option (as for `cuda`).
axes=(--ordering rel-acq,weak --scope gpu --placement diff-cta,same-cta)
expect_rc 0 "$exe" gen MP SB "${axes[@]}" -o "$tmp/a"
expect_rc 0 "$exe" gen MP SB "${axes[@]}" --output "$tmp/b"
diff -r "$tmp/a" "$tmp/b" >/dev/null || fail "-o and --output wrote different trees"
n=$(find "$tmp/a" -name '*.litmus' | wc -l)
[ "$n" -eq 8 ] || fail "want 8 generated files (2 families x 2 orderings x 2 placements), found $n"

# stdout: the same tests, one blank line between two, nothing else; each reads back.
"$exe" gen MP SB "${axes[@]}" >"$tmp/stream" 2>"$tmp/err" || fail "gen to stdout failed"
[ -s "$tmp/err" ] && fail "gen wrote to stderr: $(cat "$tmp/err")"
[ "$(head -c 4 "$tmp/stream")" = "PTX " ] || fail "the stream does not start with a test"
[ -z "$(tail -c 1 "$tmp/stream" | tr -d '\n')" ] || fail "the stream does not end with a newline"
tail -n 1 "$tmp/stream" | grep -q . || fail "the stream ends with a blank line"
grep -c '^$' "$tmp/stream" | grep -qx 7 || fail "want 7 blank lines between 8 tests"
if grep -n -A1 '^$' "$tmp/stream" | grep -E '^[0-9]+-' | grep -vq -- '-PTX '; then
  fail "a blank line is not followed by the next test's header"
fi
mkdir -p "$tmp/split"
awk -v dir="$tmp/split" 'BEGIN{n=1} /^$/{n++; next} {print > (dir "/" n ".litmus")}' "$tmp/stream"
cat $(find "$tmp/a" -name '*.litmus' | sort) | sort >"$tmp/files.sorted"
cat "$tmp/split"/*.litmus | sort >"$tmp/stream.sorted"
cmp -s "$tmp/files.sorted" "$tmp/stream.sorted" || fail "stdout and -o hold different tests"
for f in "$tmp/split"/*.litmus; do
  "$exe" parse "$f" >/dev/null 2>&1 || fail "a test of the stream does not parse: $f"
done
# Several tests on standard input: checked where ptxlitmus reads them (another part's feature).
if "$exe" - <"$tmp/stream" >"$tmp/checked" 2>&1; then
  [ "$(grep -c '^Test ' "$tmp/checked")" -eq 8 ] || fail "ptxlitmus - did not check the 8 tests"
else
  echo "note: this ptxlitmus does not read several tests from standard input yet; each test of the stream was parsed on its own"
fi

# A failed write (a folder where a file should go) stops gen with the error (exit 3) and names
# the file; the files written before are complete and the old ones untouched.
for f in "$tmp/a"/MP/generated/*.litmus; do printf '\n' >>"$f"; done  # old text, to be rewritten
rm "$tmp/a/SB/generated/SB+weak+same-cta.litmus"
mkdir "$tmp/a/SB/generated/SB+weak+same-cta.litmus"
expect_rc 3 "$exe" gen MP SB "${axes[@]}" -o "$tmp/a"
grep -q "error: cannot write $tmp/a/SB/generated/SB+weak+same-cta.litmus: Is a directory" \
  "$tmp/out" || fail "the failed write is not named: $(cat "$tmp/out")"
[ -z "$(find "$tmp/a" -type f -empty)" ] || fail "empty files left: $(find "$tmp/a" -empty)"
[ -z "$(find "$tmp/a" -name '.*tmp-*')" ] || fail "temporary files left"

finish "gen-cli"

#!/usr/bin/env bash
# `ptxlitmus cuda -o DIR`: every file is written atomically, so a failed write stops with the
# error (exit 3), leaves the old Makefile and manifest as they were and no empty or temporary
# file.   usage: cuda-cli.sh PTXLITMUS TESTS_CUDA_DIR
set -uo pipefail
exe=$1
dir=$2
. "$(dirname "$0")/../lib/checks.sh"

# -o and --output name the same option.
expect_rc 0 "$exe" cuda -q -o "$tmp/a" "$dir/data/MP.litmus" "$dir/data/SB.litmus"
expect_rc 0 "$exe" cuda -q --output "$tmp/b" "$dir/data/MP.litmus" "$dir/data/SB.litmus"
diff -r "$tmp/a" "$tmp/b" >/dev/null || fail "-o and --output wrote different folders"
for f in MP.cu SB.cu Makefile tests.txt; do [ -s "$tmp/a/$f" ] || fail "no $f"; done

# Mark the old files, then make SB.cu impossible to write (a folder in its place).
for f in "$tmp/a"/*; do printf '# old\n' >>"$f"; done
cp "$tmp/a/Makefile" "$tmp/Makefile.old"
cp "$tmp/a/tests.txt" "$tmp/tests.txt.old"
rm "$tmp/a/SB.cu"
mkdir "$tmp/a/SB.cu"
expect_rc 3 "$exe" cuda -q -o "$tmp/a" "$dir/data/MP.litmus" "$dir/data/SB.litmus"
grep -q "error: cannot write $tmp/a/SB.cu: Is a directory" "$tmp/out" ||
  fail "the failed write is not named: $(cat "$tmp/out")"
cmp -s "$tmp/a/Makefile" "$tmp/Makefile.old" || fail "the old Makefile was changed"
cmp -s "$tmp/a/tests.txt" "$tmp/tests.txt.old" || fail "the old tests.txt was changed"
[ -s "$tmp/a/MP.cu" ] && ! grep -q '^# old$' "$tmp/a/MP.cu" ||
  fail "MP.cu (written before the failure) is not the new, complete file"
[ -z "$(find "$tmp/a" -type f -empty)" ] || fail "empty files left: $(find "$tmp/a" -empty)"
[ -z "$(find "$tmp/a" -name '.*tmp-*')" ] || fail "temporary files left"

finish "cuda-cli"

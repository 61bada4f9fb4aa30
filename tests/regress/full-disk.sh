#!/usr/bin/env bash
# A full disk is never reported as success: every write is checked (exit 3), a failed
# expectation write is that test's ERROR, and no file is left empty or half written.
#   usage: full-disk.sh PTXLITMUS SOURCE_DIR devfull   reports and stdout to /dev/full
#          full-disk.sh PTXLITMUS SOURCE_DIR tmpfs     a small full tmpfs (root only, else 77)
set -uo pipefail
exe=$1
src=$2
mode=$3
. "$(dirname "$0")/../lib/checks.sh"
mnt=$tmp/mnt
on_exit() { if mountpoint -q "$mnt" 2>/dev/null; then umount "$mnt"; fi; }
no_empty_or_temp() {  # no_empty_or_temp DIR
  [ -z "$(find "$1" -type f -empty)" ] || fail "empty files in $1: $(find "$1" -type f -empty)"
  [ -z "$(find "$1" -name '.*.tmp-*')" ] || fail "temporary files left in $1"
}

if [ "$mode" = devfull ]; then
  mkdir -p "$tmp/suite"
  cp "$src/litmus/MP/MP.litmus" "$src/litmus/MP/MP.expected" "$tmp/suite/"
  expect_rc 3 "$exe" regress --plain "$tmp/suite" --junit /dev/full
  has "regress: error: cannot write /dev/full: No space left on device"
  has "regress: FAILED (a report could not be written)"
  hasnt "regress: OK"
  expect_rc 3 "$exe" regress --plain "$tmp/suite" --json /dev/full
  has "regress: error: cannot write /dev/full: No space left on device"
  "$exe" regress --plain "$tmp/suite" --json - >/dev/full 2>"$tmp/out"
  [ $? -eq 3 ] || fail "--json - on a full stdout: not exit 3"
  "$exe" regress --plain "$tmp/suite" >/dev/full 2>"$tmp/out"
  [ $? -eq 3 ] || fail "regress on a full stdout: not exit 3"
  "$exe" gen MP >/dev/full 2>"$tmp/out"
  [ $? -eq 3 ] || fail "gen on a full stdout: not exit 3"
  has "cannot write standard output"
  finish "full-disk (devfull)"
fi

if [ "$(id -u)" != 0 ]; then
  echo "SKIP: not root, so no small tmpfs can be mounted to fill up (the /dev/full part runs separately)"
  exit 77
fi
mkdir -p "$mnt"
if ! mount -t tmpfs -o size=64k tmpfs "$mnt" 2>"$tmp/mount.err"; then
  echo "SKIP: cannot mount a tmpfs here ($(cat "$tmp/mount.err")); the /dev/full part runs separately"
  exit 77
fi
fill() { dd if=/dev/zero of="$mnt/fill" bs=4k >/dev/null 2>&1; cat /dev/zero >>"$mnt/fill" 2>/dev/null; }
unfill() { rm -f "$mnt/fill"; }

# regress --update on a full disk: every rewrite is that test's ERROR, the run fails, the old
# expectations are intact.
mkdir -p "$mnt/suite"
for t in MP+weak+diff-cta MP+relaxed.gpu+diff-cta MP+rel-acq.gpu+diff-cta MP+fence.sc.gpu+diff-cta; do
  cp "$src/litmus/MP/generated/$t.litmus" "$src/litmus/MP/generated/$t.expected" "$mnt/suite/"
  sed -i 's/^Ok$/Yes/; s/^No$/Ok/; s/^Yes$/No/' "$mnt/suite/$t.expected"  # disagree
done
cp -r "$mnt/suite" "$tmp/before"
fill
expect_rc 1 "$exe" regress --plain --update -j 2 "$mnt/suite"
[ "$(grep -c '^ERROR .*No space left on device' "$tmp/out")" -eq 4 ] ||
  fail "want 4 ERROR lines naming the full disk: $(cat "$tmp/out")"
hasnt "^UPDATED"
hasnt "regress: OK"
has "regress: FAILED"
diff -r "$tmp/before" "$mnt/suite" >/dev/null || fail "old expectations changed on a full disk"
no_empty_or_temp "$mnt/suite"
unfill
expect_rc 0 "$exe" regress --plain --update "$mnt/suite"
[ "$(grep -c '^UPDATED' "$tmp/out")" -eq 4 ] || fail "with room again, --update should write"
rm -rf "$mnt/suite"

# gen -o on a full disk: stops with the error, the old files intact, no empty file.
expect_rc 0 "$exe" gen MP --ordering weak,relaxed --placement diff-cta,same-cta -o "$mnt/gen"
for f in "$mnt/gen"/*.litmus; do printf '\n' >>"$f"; done  # old text that gen would rewrite
cp -r "$mnt/gen" "$tmp/gen.before"
fill
expect_rc 3 "$exe" gen MP --ordering weak,relaxed --placement diff-cta,same-cta -o "$mnt/gen"
has "error: cannot write $mnt/gen/.*: No space left on device"
diff -r "$tmp/gen.before" "$mnt/gen" >/dev/null || fail "gen changed old files on a full disk"
no_empty_or_temp "$mnt/gen"
"$exe" gen MP -o "$mnt/gen-new" >"$tmp/out" 2>&1
[ $? -eq 3 ] || fail "gen into a new folder on a full disk: not exit 3"
[ -d "$mnt/gen-new" ] && no_empty_or_temp "$mnt/gen-new"
unfill
rm -rf "$mnt/gen" "$mnt/gen-new"

# cuda -o on a full disk: the same.
data=$src/tests/cuda/data
expect_rc 0 "$exe" cuda -q -o "$mnt/cuda" "$data/MP.litmus" "$data/SB.litmus"
for f in "$mnt/cuda"/*; do printf '# old\n' >>"$f"; done
cp -r "$mnt/cuda" "$tmp/cuda.before"
fill
expect_rc 3 "$exe" cuda -q -o "$mnt/cuda" "$data/MP.litmus" "$data/SB.litmus"
has "error: cannot write $mnt/cuda/MP.cu: No space left on device"
diff -r "$tmp/cuda.before" "$mnt/cuda" >/dev/null || fail "cuda changed old files on a full disk"
no_empty_or_temp "$mnt/cuda"
unfill

# --show -o on a full disk: the write error ends the test's report; no note about the drawings
# (how many were drawn) follows it, and no file is left empty.
mkdir -p "$mnt/show"
fill
expect_rc 3 "$exe" --show all --max-graphs 2 -o "$mnt/show" "$src/litmus/MP/MP.litmus"
has "error: cannot write $mnt/show/MP-1.dot: No space left on device"
hasnt "only the first"
no_empty_or_temp "$mnt/show"
unfill

finish "full-disk (tmpfs)"

#!/usr/bin/env bash
# The hand-derived verdicts of progress-corners/verdicts.txt against `ptxlitmus --progress M`
# (check's Termination line, --liveness's exit status, and explain --hang's verdict line).
#   progress-verdicts.sh PTXLITMUS
set -u
exe=$1
dir=$(dirname "$0")/progress-corners
fail=0 n=0
while read -r test model verdict; do
  case $test in '#'*|'') continue ;; esac
  n=$((n + 1))
  got=$("$exe" --progress "$model" "$dir/$test.litmus" | sed -n "s/^Termination $test //p")
  if [ "$got" != "$verdict" ]; then
    echo "FAIL $test --progress $model: expected '$verdict', got '$got'"; fail=1
  fi
  "$exe" --liveness --progress "$model" "$dir/$test.litmus" >/dev/null
  rc=$? want=0
  [ "$verdict" = "may hang" ] && want=1
  [ $rc -eq $want ] || { echo "FAIL $test --liveness --progress $model: exit $rc, want $want"; fail=1; }
  head=$("$exe" explain --hang --progress "$model" "$dir/$test.litmus" | head -1)
  case $head in
    *"): $verdict") ;;
    *) echo "FAIL explain --hang --progress $model $test: $head"; fail=1 ;;
  esac
done < "$dir/verdicts.txt"
# regress --liveness --progress M: a test fails exactly when its verdict under M is `may hang`,
# and the hint names the model.
for model in fair hsa obe hsa-obe lobe unfair; do
  want=$(awk -v m="$model" '$2 == m && $3 == "may" {print $1}' "$dir/verdicts.txt" | sort)
  out=$("$exe" regress --liveness --progress "$model" "$dir")
  got=$(printf '%s\n' "$out" | sed -n 's|^FAIL.*/\([^/]*\)\.litmus .*|\1|p' | sort)
  if [ "$got" != "$want" ]; then
    echo "FAIL regress --liveness --progress $model: failed [$got], want [$want]"; fail=1
  fi
  if [ "$model" != fair ] && [ -n "$want" ] &&
     ! printf '%s\n' "$out" | grep -q "explain --hang --progress $model\`"; then
    echo "FAIL regress --liveness --progress $model: the hint does not name the model"; fail=1
  fi
done
echo "$n verdicts checked, and regress --liveness under each model"
exit $fail

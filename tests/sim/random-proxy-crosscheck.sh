#!/usr/bin/env bash
# The simulator on random proxy tests (the generator of tests/model/proxy_reference.py, fixed
# seeds): every outcome it reaches must be allowed by ptx75, under the default machine and the
# machine options that change the caches and the order of steps.
#   random-proxy-crosscheck.sh SIM_CROSSCHECK PROXY_REFERENCE_PY COUNT
set -euo pipefail
crosscheck=$1 reference=$2 count=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 "$reference" --emit-random "$count" 7 "$dir"
status=0
for options in "" "--cold-caches" "--l2-views 1 --cold-caches --window 1" \
               "--simt lockstep --pack-warps --colocate"; do
  echo "== sim_crosscheck ${options:-(default machine)}"
  # shellcheck disable=SC2086
  "$crosscheck" "$dir" --threads 2 $options | tail -n 3 || status=1
done
exit "$status"

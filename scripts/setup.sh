#!/usr/bin/env bash
# One-step set-up for a fresh Debian 12 machine: installs the missing Debian packages, builds
# build/ptxlitmus, then either runs it on a bundled test (`run`) or runs the whole test suite
# (`test`). Used by README.md and .ci/run.
#   scripts/setup.sh run    # install, build the executable only, check litmus/MP/MP.litmus
#   scripts/setup.sh test   # install, build every target (tests, benchmarks), ctest
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-run}
case "$mode" in
  run|test) ;;
  *)
    echo "usage: scripts/setup.sh run|test" >&2
    exit 2
    ;;
esac

packages=(cmake g++ make libz3-dev libboost-graph-dev doctest-dev libcli11-dev nlohmann-json3-dev
          graphviz libxml2-utils python3 pkg-config libcpp-httplib-dev chromium chromium-driver
          python3-selenium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release

case "$mode" in
  run)
    # Only the executable: the tests and benchmarks take minutes more to build.
    cmake --build build -j "$jobs" --target ptxlitmus
    build/ptxlitmus litmus/MP/MP.litmus
    ;;
  test)
    cmake --build build -j "$jobs"
    ctest --test-dir build -j "$jobs" --output-on-failure
    ;;
esac

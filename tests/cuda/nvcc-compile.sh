#!/bin/sh
# Generates CUDA harnesses with a command, then compiles every .cu with nvcc for the oldest SM the
# toolkit supports (sm_70 before CUDA 13, else sm_75) and sm_90, and links the first one.
#   nvcc-compile.sh [--require-subcommand BIN SUB] OUTDIR GENERATOR [ARGS...]
# The generator must write OUTDIR/*.cu. Exit 77 (a CTest skip) when nvcc or the subcommand is
# missing. NVCC=/path/to/nvcc overrides the compiler; NVCC_SM="75 90" the architectures.
set -eu
if [ "$1" = "--require-subcommand" ]; then
    if ! "$2" "$3" --help >/dev/null 2>&1; then
        echo "SKIP: '$2 $3' is not available yet"
        exit 77
    fi
    shift 3
fi
out=$1
shift
nvcc=${NVCC:-}
if [ -z "$nvcc" ]; then
    if [ -x /usr/local/cuda/bin/nvcc ]; then nvcc=/usr/local/cuda/bin/nvcc
    elif command -v nvcc >/dev/null 2>&1; then nvcc=$(command -v nvcc)
    else
        echo "SKIP: nvcc not found (install the CUDA toolkit or set NVCC=...)"
        exit 77
    fi
fi
rm -rf "$out"
"$@"
set -- "$out"/*.cu
if [ ! -e "$1" ]; then
    echo "FAIL: the generator wrote no .cu file into $out"
    exit 1
fi
major=$("$nvcc" --version | sed -n 's/.*release \([0-9]*\)\..*/\1/p')
sms=${NVCC_SM:-}
if [ -z "$sms" ]; then
    if [ "${major:-13}" -lt 13 ]; then sms="70 90"; else sms="75 90"; fi
fi
gencode=""
for sm in $sms; do gencode="$gencode -gencode arch=compute_$sm,code=sm_$sm"; done
echo "nvcc $("$nvcc" --version | sed -n 's/.*release \([0-9.]*\),.*/\1/p'): compiling $# harnesses for sm_$(echo "$sms" | sed 's/ /, sm_/g')"
failed=0
for cu in "$@"; do
    # shellcheck disable=SC2086
    if "$nvcc" -O2 -std=c++17 $gencode -c "$cu" -o "${cu%.cu}.o" >"${cu%.cu}.log" 2>&1; then
        echo "ok      $(basename "$cu")"
    else
        echo "FAILED  $(basename "$cu")"
        cat "${cu%.cu}.log"
        failed=$((failed + 1))
    fi
done
first=$1
if [ "$failed" -eq 0 ]; then
    "$nvcc" -o "${first%.cu}" "${first%.cu}.o"
    echo "linked  $(basename "${first%.cu}")"
fi
[ "$failed" -eq 0 ]

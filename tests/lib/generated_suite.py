"""A generated suite in a folder: the tests `ptxlitmus ARGS` prints (`gen all ...`, `gen --edges
...`), one file per test, NAME.litmus. Used by tests/cuda/hw_observations.py and
bench/sim/hw-fidelity for the hardware runs on generated tests (litmus/hw/*/gen-args.txt)."""
import os
import subprocess


def generate_tests(ptx, gen_args, dest):
    """Writes every test `ptx gen_args...` prints to dest/NAME.litmus (printing and splitting is
    much faster than `gen -o`, which writes each file atomically)."""
    out = subprocess.run([ptx, *gen_args], capture_output=True, text=True, check=True).stdout
    texts, lines = [], []
    for line in out.splitlines(keepends=True):
        if line.startswith("PTX ") and lines:
            texts.append("".join(lines))
            lines = []
        lines.append(line)
    texts.append("".join(lines))
    for text in texts:
        with open(os.path.join(dest, text.split()[1] + ".litmus"), "w") as f:
            f.write(text.rstrip("\n") + "\n")

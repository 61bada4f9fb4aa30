#!/usr/bin/env python3
"""Runs every command the docs show and compares what it prints with what the docs say.

    doc_commands.py ROOT DOC.md

Only fenced blocks tagged `console` are run. In them, a line starting with `$ ` is a command;
the lines after it, up to the next command or the end of the block, are its expected output
(standard output and standard error together). In the expected output:
  - a line `...` stands for any number of lines;
  - a last line `[exit N]` is the expected exit status (default 0);
  - times vary and are compared as `T` (`Time MP 0.001`, `in 0.2 s`, `"time_s": 0.01`).
Commands run with bash, one after the other, in a fresh temporary folder holding a link to the
project's `build` and copies of `litmus`, `tests`, `docs` and `scripts` (so a command may write
files, even into `litmus/`, without touching the project), with `build/` first on PATH
(`ptxlitmus` and `build/ptxlitmus` both work) and `../shared` reachable as in the project.
Exit status: 0 every command agrees, 1 some command differs or the file has no console block (a
page that shows no command is not registered as a test: tests/docs/CMakeLists.txt names it).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

TIME_PATTERNS = [
    (re.compile(r"^(Time \S+) [0-9.]+$"), r"\1 T"),
    (re.compile(r"\b[0-9]+(\.[0-9]+)?(e-?[0-9]+)? ?s\b"), "T s"),
    (re.compile(r'("(time_s|seconds)": )[0-9.e-]+'), r"\1T"),
]


def normalise(line):
    line = line.rstrip()
    for pattern, repl in TIME_PATTERNS:
        line = pattern.sub(repl, line)
    return line


def blocks(text):
    """(line number, command, expected lines, expected exit) for each command."""
    out = []
    inside = False
    current = None
    for number, line in enumerate(text.splitlines(), 1):
        if not inside:
            if line.strip() == "```console":
                inside = True
            continue
        if line.strip().startswith("```"):
            inside = False
            if current:
                out.append(current)
            current = None
            continue
        if line.startswith("$ "):
            if current:
                out.append(current)
            current = [number, line[2:], [], 0]
        elif current is not None:
            current[2].append(line)
    for entry in out:
        if entry[2] and re.fullmatch(r"\[exit \d+\]", entry[2][-1].strip()):
            entry[3] = int(entry[2].pop().strip()[6:-1])
        while entry[2] and not entry[2][-1].strip():
            entry[2].pop()
    return out


def matches(expected, actual):
    """Whether actual lines match expected lines, `...` matching any run of lines."""
    e = [normalise(x) for x in expected]
    a = [normalise(x) for x in actual]
    # memoised recursion over (i, j) would be neat; an iterative table is enough here
    reach = [[False] * (len(a) + 1) for _ in range(len(e) + 1)]
    reach[len(e)][len(a)] = True
    for i in range(len(e) - 1, -1, -1):
        for j in range(len(a), -1, -1):
            if e[i] == "...":
                reach[i][j] = reach[i + 1][j] or (j < len(a) and reach[i][j + 1])
            else:
                reach[i][j] = j < len(a) and e[i] == a[j] and reach[i + 1][j + 1]
    return reach[0][0]


def main():
    root, doc = os.path.abspath(sys.argv[1]), sys.argv[2]
    with open(doc, encoding="utf-8") as f:
        commands = blocks(f.read())
    if not commands:
        print(f"{doc} shows no console block: give it a short example that runs, or name it in "
              "tests/docs/CMakeLists.txt's docs_without_commands")
        return 1
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        work = os.path.join(work, "project")
        os.mkdir(work)
        os.symlink(os.path.join(root, "build"), os.path.join(work, "build"))
        for name in ("litmus", "tests", "docs", "scripts"):
            shutil.copytree(os.path.join(root, name), os.path.join(work, name), symlinks=True)
        shared = os.path.join(os.path.dirname(os.path.abspath(root)), "shared")
        if os.path.isdir(shared):
            os.symlink(shared, os.path.join(os.path.dirname(work), "shared"))
        env = dict(os.environ, PATH=os.path.join(root, "build") + ":" + os.environ["PATH"])
        for number, command, expected, want in commands:
            run = subprocess.run(["bash", "-c", command], cwd=work, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
            actual = run.stdout.decode("utf-8", "replace").splitlines()
            while actual and not actual[-1].strip():
                actual.pop()
            if run.returncode != want or not matches(expected, actual):
                failures += 1
                print(f"{doc}:{number}: `{command}` differs from the docs")
                print(f"  exit status {run.returncode} (docs: {want})")
                print("  --- the docs show ---")
                print("\n".join("  " + x for x in expected))
                print("  --- it printed ---")
                print("\n".join("  " + x for x in actual))
            else:
                print(f"ok {doc}:{number}: {command}")
    print(f"{len(commands) - failures} of {len(commands)} commands agree with {doc}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

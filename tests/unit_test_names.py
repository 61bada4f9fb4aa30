#!/usr/bin/env python3
"""Every doctest test case must run under CTest. doctest_discover_tests (doctest 2.4.9) splits the
test list at ';', so a TEST_CASE whose name holds one became CTest entries that select no test
case and pass having run nothing (32 did, until this check). Fails listing any such name.

    unit_test_names.py TESTS_DIR"""
import glob
import os
import re
import sys

# A name is one string literal or several adjacent ones (across lines).
CASE = re.compile(r'TEST_CASE\(((?:\s*"(?:[^"\\]|\\.)*")+)\s*\)')
PIECE = re.compile(r'"((?:[^"\\]|\\.)*)"')
bad = []
for path in sorted(glob.glob(os.path.join(sys.argv[1], "**", "*.cpp"), recursive=True)):
    with open(path) as f:
        text = f.read()
    for m in CASE.finditer(text):
        name = "".join(PIECE.findall(m.group(1)))
        if ";" in name:
            bad.append("%s:%d: %s" % (path, text.count("\n", 0, m.start()) + 1, name))
for b in bad:
    print("a ';' in a test case name (CTest would run nothing for it): " + b)
print("%d test case names with ';'" % len(bad))
sys.exit(1 if bad else 0)

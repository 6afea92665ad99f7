#!/usr/bin/env python3
"""kattis_submissions.py PACKAGE: writes submissions for problemtools' verifyproblem into an
exported package of a scoring problem with groups: accepted/key.py prints every case's answer
file (by its input); partially_accepted/one_wrong.py is wrong (the answer plus one) on the
first case of the last group only; wrong_answer/two_wrong.py also on the first case of the
first group. A count problem's answers are numbers. Then:
    verifyproblem PACKAGE -p config data validators submissions
must give key.py all the points, one_wrong.py all but the last group's, two_wrong.py 0."""
import glob, os, sys

pkg = sys.argv[1]
groups = sorted(d for d in glob.glob(os.path.join(pkg, "data/secret/*")) if os.path.isdir(d))
table = {}
for f in glob.glob(os.path.join(pkg, "data/**/*.in"), recursive=True):
    table[open(f).read()] = open(f[:-3] + ".ans").read()
firsts = [open(sorted(glob.glob(os.path.join(g, "*.in")))[0]).read() for g in groups]


def write(path, wrong):
    t = dict(table)
    for k in wrong:
        t[k] = str(int(t[k]) + 1) + "\n"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("import sys\nT = %r\nsys.stdout.write(T[sys.stdin.read()])\n" % t)


write(os.path.join(pkg, "submissions/accepted/key.py"), [])
write(os.path.join(pkg, "submissions/partially_accepted/one_wrong.py"), [firsts[-1]])
write(os.path.join(pkg, "submissions/wrong_answer/two_wrong.py"), [firsts[0], firsts[-1]])

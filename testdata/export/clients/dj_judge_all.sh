#!/bin/sh
# dj_judge_all.sh PACKAGE.zip [CASE OUTPUT]...: DOMjudge's own import and
# judgedaemon (a harness of DOMjudge's code, named by DJ_TOOLS, set up with
# its setup.sh) on every test case of PACKAGE.zip with the package's own answer
# file as the team output (each must be "correct"), then on each CASE given
# with OUTPUT as the team output (a wrong one must be "wrong-answer").
# The harness judges one case a run, as one submission of a program that
# prints the output it is given; a line a run.
set -eu
TOOLS=${DJ_TOOLS:?set DJ_TOOLS to the directory of the DOMjudge harness}
zip=$(readlink -f "$1"); shift
key=$(mktemp -d); trap 'rm -rf "$key"' EXIT
(cd "$key" && unzip -q "$zip" 'data/*')
verdict() { python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["verdict"], "|", d.get("detail", ""), "| tmp_bytes_left", d["tmp_bytes_left"])'; }
for ans in $(cd "$key/data" && find . -name '*.ans' | sort); do
  c=${ans#./}; c=${c%.ans}
  echo "key $c: $("$TOOLS/judge.sh" "$zip" "$key/data/$c.ans" "$c" | verdict)"
done
while [ $# -ge 2 ]; do
  echo "$(basename "$2") on $1: $("$TOOLS/judge.sh" "$zip" "$(readlink -f "$2")" "$1" | verdict)"
  shift 2
done

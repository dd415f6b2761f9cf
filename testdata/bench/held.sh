#!/usr/bin/env bash
# Two readmap binaries and universal-ctags on one tree, in turn: how a change does on a tree no
# mapper was tuned on (the README's held-out rows).
# Run: testdata/bench/held.sh BEFORE AFTER LABEL DIR [ROUNDS]
#
# Each round indexes DIR into an empty store with BEFORE, then with AFTER, then runs
# `ctags -R --fields=+ne --output-format=json` on it; ROUNDS rounds (default 5), and each figure
# is the median wall time of its rounds (timed.py, to the microsecond). The tree is read once
# first, so that no tool meets cold caches alone. Prints one line: the tree's files, the three
# medians and the two binaries' ratios to ctags (below 1 is faster).
set -euo pipefail
if (($# < 4)); then
	echo "usage: $0 BEFORE AFTER LABEL DIR [ROUNDS]" >&2
	exit 2
fi
before=$(realpath "$1") after=$(realpath "$2") label=$3 dir=$4 rounds=${5:-5}
timed=$(dirname "$(realpath "$0")")/timed.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find "$dir" -type f -exec cat {} + >/dev/null 2>&1 || true
for _ in $(seq "$rounds"); do
	for tool in before after; do
		rm -rf "$tmp/db"
		"$timed" "$tmp/out" "${!tool}" index -q --root "$dir" --db "$tmp/db/index.db"
		echo "$tool $(cat "$tmp/out")" >>"$tmp/all"
	done
	rm -f "$tmp/tags.json"
	"$timed" "$tmp/out" ctags -R --fields=+ne --output-format=json -f "$tmp/tags.json" "$dir"
	echo "ctags $(cat "$tmp/out")" >>"$tmp/all"
done
median() { awk -v t="$1" '$1 == t {print $2 * 1000}' "$tmp/all" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
b=$(median before) a=$(median after) c=$(median ctags)
printf '%-16s %6d files | before %7.1f ms | after %7.1f ms | ctags %7.1f ms | after/ctags %.2f | before/ctags %.2f\n' \
	"$label" "$(find "$dir" -type f | wc -l)" "$b" "$a" "$c" "$(awk -v x="$a" -v y="$c" 'BEGIN {print x / y}')" "$(awk -v x="$b" -v y="$c" 'BEGIN {print x / y}')"

#!/usr/bin/env bash
# Side-by-side index times of readmap and universal-ctags on real trees of this machine, one run
# each, and the figures of a kernel-sized store when Debian's linux-source-6.12 is unpacked.
# `make bench` runs it; run by hand: testdata/bench/trees.sh bin/readmap
#
# Per tree: wall time and CPU time (user + sys) of `readmap index` into an empty store and of
# `ctags -R --fields=+ne --output-format=json`, and their ratio (readmap over ctags: below 1 is
# faster). A tree both index in under a second is run BENCH_ROUNDS times (default 5), readmap
# and ctags alternating, and each column is the median of its runs: one run of a tree that takes
# tens of milliseconds says more about the machine's moment than about either tool. Times come
# from timed.py, to the microsecond. A tree that is not installed is skipped and named.
# Environment:
#   BENCH_ROUNDS=1        one run of each tree
#   BENCH_KERNEL=0        skip the kernel (its full index takes minutes)
#   BENCH_KERNEL_CTAGS=0  skip ctags on the kernel
#   BENCH_TREES="Go Ruby" only the trees of these labels
set -uo pipefail
readmap=$(realpath "${1:-bin/readmap}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
have_ctags=1
command -v ctags >/dev/null || { have_ctags=0; echo "ctags not installed: its columns are empty" >&2; }

# timed FILE CMD...: runs CMD, leaves "wall cpu peak_kb" in FILE (seconds, KB).
timed() {
  "$(dirname "$0")/timed.py" "$@"
}

# median: the median of the numbers on standard input, one a line.
median() {
  sort -g | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}

# seconds S: S (seconds) as the table shows it, in ms under a second.
seconds() {
  awk -v s="$1" 'BEGIN{ if (s == "") print ""; else if (s < 1) printf "%.0fms", s * 1000; else printf "%.2fs", s }'
}

python=$(ls -d /usr/lib/python3.[0-9]* 2>/dev/null | sort -V | tail -1)
java=""
if [ -f /usr/lib/jvm/openjdk-17/lib/src.zip ]; then
  mkdir -p "$tmp/java" && python3 -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
z.extractall(sys.argv[2], [n for n in z.namelist() if n.startswith("java.base/java/util/")])' \
    /usr/lib/jvm/openjdk-17/lib/src.zip "$tmp/java" 2>/dev/null && java="$tmp/java"
fi
# TypeScript's own rows are mostly JavaScript bundles; its declarations alone (every .d.ts of
# Debian's Node.js modules, copied with their folders) show the TypeScript mapper's speed.
dts=""
if [ -d /usr/share/nodejs ]; then
  mkdir -p "$tmp/dts" && (cd /usr/share/nodejs && find . -name '*.d.ts' -type f -exec cp --parents -t "$tmp/dts" {} +) &&
    [ -n "$(ls -A "$tmp/dts" 2>/dev/null)" ] && dts="$tmp/dts"
fi
repo=$(cd "$(dirname "$0")/../.." && pwd)
# label | tree | what it is | more ctags options
# Bash completions have no extension or shebang: ctags reads 7 of their files unless told the
# language, readmap all of them, so ctags is told. Debian's Elixir ships only compiled .beam
# files, so the Elixir tree is the library files committed for the Elixir tests; C# and Kotlin,
# which Debian does not ship as source, are the files committed for their tests.
trees=(
  "Go|$(go env GOROOT 2>/dev/null)/src|GOROOT/src"
  "Python|$python|Python standard library"
  "C++|/usr/include/c++|libstdc++ headers"
  "Rust|/usr/share/cargo/registry|Debian's Rust crates"
  "PHP|/usr/share/php|Debian's PHP libraries"
  "Ruby|/usr/lib/ruby|Ruby standard library"
  "C|/usr/include/linux|Linux UAPI headers"
  "Java|$java|java.util of OpenJDK 17"
  "TypeScript|/usr/share/nodejs/typescript|TypeScript (lib.*.d.ts, bundles)"
  "TS-decl|$dts|.d.ts files of Debian's Node.js modules"
  "JavaScript|/usr/share/nodejs|Debian's Node.js modules"
  "Lua|/usr/share/lua|Lua modules (penlight)"
  "Protobuf|/usr/include/google/protobuf|protobuf headers and .proto"
  "Bash|/usr/share/bash-completion|bash completions|--language-force=Sh"
  "OCaml|/usr/lib/ocaml|OCaml standard library"
  "SQL|/usr/share/postgresql|PostgreSQL extension scripts"
  "Elixir|$repo/testdata/corpus/elixir|Elixir library (testdata/corpus)"
  "C#|$repo/testdata/corpus/csharp|Newtonsoft.Json files (testdata/corpus)"
  "Kotlin|$repo/testdata/corpus/kotlin|Kotlin files (testdata/corpus)"
  "Markdown|/usr/share/doc/nodejs|Node.js docs"
)

echo "== readmap index vs ctags -R --fields=+ne --output-format=json, side by side: the median of ${BENCH_ROUNDS:-5} runs each, alternating (one run where either takes a second or more)"
echo "   ($(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-11s %-34s %7s %8s %4s | %9s %9s | %9s %9s | %6s %6s\n' language tree files MB runs "rm wall" "rm cpu" "ct wall" "ct cpu" wall× cpu×
skipped=()
for t in "${trees[@]}"; do
  IFS='|' read -r label dir what ctags_opts <<<"$t"
  if [ -n "${BENCH_TREES:-}" ] && [[ " $BENCH_TREES " != *" $label "* ]]; then continue; fi
  if [ -z "$dir" ] || [ ! -d "$dir" ]; then skipped+=("$label ($what${dir:+: $dir})"); continue; fi
  files=$(find "$dir" -type f | wc -l)
  mb=$(du -sm "$dir" | cut -f1)
  : > "$tmp/rm.runs"; : > "$tmp/ct.runs"
  # The tree is read once first: readmap runs first in each round, and a tree run once (GOROOT)
  # met the cold caches alone (4.1 s against 2.5-2.7 s warm), ctags the caches it had filled.
  find "$dir" -type f -exec cat {} + > /dev/null 2>&1
  rounds=${BENCH_ROUNDS:-5}
  for ((round = 1; round <= rounds; round++)); do
    rm -rf "$tmp/db" "$tmp/tags.json"; mkdir -p "$tmp/db"
    timed "$tmp/rm" "$readmap" index -q --root "$dir" --db "$tmp/db/index.db" || echo "readmap failed on $dir: $(head -c 300 "$tmp/rm.err")" >&2
    cat "$tmp/rm" >> "$tmp/rm.runs"
    if [ $have_ctags = 1 ]; then
      # shellcheck disable=SC2086 # ctags_opts holds whole options
      timed "$tmp/ct" ctags -R --fields=+ne --output-format=json ${ctags_opts:-} -f "$tmp/tags.json" "$dir"
      cat "$tmp/ct" >> "$tmp/ct.runs"
    fi
    # A tree either side takes a second or more on is run once: its figure is steady enough.
    if [ "$round" = 1 ] && cat "$tmp/rm" "$tmp/ct" 2>/dev/null | awk '$1 >= 1 {slow = 1} END {exit !slow}'; then
      rounds=1
    fi
  done
  rw=$(cut -d' ' -f1 "$tmp/rm.runs" | median); rc=$(cut -d' ' -f2 "$tmp/rm.runs" | median)
  cw=""; cc=""; ratio_w=""; ratio_c=""
  if [ $have_ctags = 1 ]; then
    cw=$(cut -d' ' -f1 "$tmp/ct.runs" | median); cc=$(cut -d' ' -f2 "$tmp/ct.runs" | median)
    ratio_w=$(awk -v a="$rw" -v b="$cw" 'BEGIN{ if (b > 0) printf "%.2f", a / b }')
    ratio_c=$(awk -v a="$rc" -v b="$cc" 'BEGIN{ if (b > 0) printf "%.2f", a / b }')
  fi
  printf '%-11s %-34s %7d %8d %4d | %9s %9s | %9s %9s | %6s %6s\n' "$label" "$what" "$files" "$mb" "$rounds" \
    "$(seconds "$rw")" "$(seconds "$rc")" "$(seconds "$cw")" "$(seconds "$cc")" "$ratio_w" "$ratio_c"
done
for s in "${skipped[@]}"; do echo "skipped, not installed: $s"; done

kernel=""
for k in /work/trees/linux-source-6.12 /usr/src/linux-source-6.12; do [ -d "$k" ] && kernel=$k && break; done
if [ "${BENCH_KERNEL:-1}" = 0 ]; then
  echo "== kernel skipped (BENCH_KERNEL=0)"
elif [ -z "$kernel" ]; then
  echo "== kernel skipped: linux-source-6.12 is not unpacked (/work/trees or /usr/src)"
else
  echo "== Linux 6.12 ($kernel): one full index, then queries on its store"
  db="$tmp/kernel/index.db"; mkdir -p "$tmp/kernel"
  find "$kernel" -type f -exec cat {} + > /dev/null 2>&1 # as for the trees: neither tool meets it cold
  timed "$tmp/k" "$readmap" index -q --root "$kernel" --db "$db"
  read -r kw kc km < "$tmp/k"
  stats=$("$readmap" stats --json --root "$kernel" --db "$db")
  syms=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["symbols"])' <<<"$stats")
  files=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["files"])' <<<"$stats")
  bytes=$(du -cb "$db"* | tail -1 | cut -f1)
  printf '%-34s %s\n' "full index" "${kw} s wall, ${kc} s cpu, $((km / 1024)) MB peak; $files files, $syms symbols"
  printf '%-34s %s\n' "store" "$((bytes / 1048576)) MB, $(awk -v b="$bytes" -v s="$syms" 'BEGIN{printf "%.1f", b / s}') bytes/symbol"
  if [ $have_ctags = 1 ] && [ "${BENCH_KERNEL_CTAGS:-1}" != 0 ]; then
    timed "$tmp/kc" ctags -R --fields=+ne --output-format=json -f "$tmp/ktags.json" "$kernel"
    read -r cw cc cm < "$tmp/kc"
    printf '%-34s %s\n' "ctags -R (same tree)" "${cw} s wall, ${cc} s cpu, $((cm / 1024)) MB peak; readmap/ctags wall $(awk -v a="$kw" -v b="$cw" 'BEGIN{printf "%.2f", a / b}')"
    rm -f "$tmp/ktags.json"
  fi
  # Queries: each run once to warm the page cache, then timed three times: the median, and the
  # three (a single timing moved by half with the machine's moments).
  # They run from the kernel's folder, as an agent runs them: a path is relative to the working
  # folder (run from elsewhere, `read kernel/sched/core.c` timed its "no such file").
  query() {
    local what=$1; shift
    (cd "$kernel" && "$readmap" "$@" --root "$kernel" --db "$db" >/dev/null 2>&1)
    local t0 t1 status times=()
    for _ in 1 2 3; do
      t0=$(date +%s%N)
      (cd "$kernel" && "$readmap" "$@" --root "$kernel" --db "$db" >/dev/null 2>&1)
      status=$?
      t1=$(date +%s%N)
      if [ $status != 0 ]; then
        printf '%-34s %s\n' "$what" "FAILED (exit $status: readmap $*)"
        return
      fi
      times+=($(( (t1 - t0) / 1000000 )))
    done
    local sorted
    sorted=$(printf '%s\n' "${times[@]}" | sort -n | tr '\n' ' ')
    printf '%-34s %s\n' "$what" "$(echo "$sorted" | cut -d' ' -f2) ms wall, median of ${sorted% } (readmap $*)"
  }
  query "no-op re-index" index -q
  query "typo sym" sym kmaloc
  query "exact sym (one definition)" sym ext4_fill_super
  # Before a map has ranked the store, a name's several definitions are ranked among its users.
  query "exact sym (several, ranked)" sym kmalloc
  query "warm read (large file)" read kernel/sched/core.c
  query "refs (a rare name)" refs sched_core_mutex
  query "refs (a common name, 100 hits)" refs kmalloc
  # The first repository map ranks the store (an index run leaves a store this large to it) and
  # keeps the ranking: query()'s warm-up run ranks it, the timed runs read it.
  query "repository map (warm)" map
fi

#!/bin/sh
# native_index_open.sh SUNSTONE [ROWS] [RUNS] [PEER] — what opening a native database file costs
# with an indexed table: ROWS rows (default 1000000) with a PRIMARY KEY and a text index are
# written once, then RUNS times (default 5) a new process opens the file and runs one point
# query through the primary key; the median wall time of those runs is reported, beside a file
# with the same rows and no index (the open's floor). With PEER (another build's sunstone,
# e.g. one whose indexes are rebuilt in memory at open) the same is measured for it on its own
# files in the same run, and the ratio PEER / SUNSTONE of the indexed opens is printed.
set -u
rows=${2:-1000000}
runs=${3:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s%N; }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
# measure BIN NAME INDEXED: prints the median open + point query time in ms
measure() {
  bin=$1 db="$tmp/$2.db"
  if [ "$3" = 1 ]; then
    "$bin" -X -q "$db" -c "CREATE TABLE t (a int PRIMARY KEY, b text)" \
      -c "INSERT INTO t SELECT g, 'v' || (g::int8 * 7919 % $rows) FROM generate_series(1, $rows) g" \
      -c "CREATE INDEX t_b ON t (b)" >/dev/null || exit 1
  else
    "$bin" -X -q "$db" -c "CREATE TABLE t (a int, b text)" \
      -c "INSERT INTO t SELECT g, 'v' || (g::int8 * 7919 % $rows) FROM generate_series(1, $rows) g" >/dev/null || exit 1
  fi
  i=0
  while [ "$i" -lt "$runs" ]; do
    i=$((i + 1))
    s=$(now)
    out=$("$bin" -X -A -t "$db" -c "SELECT b FROM t WHERE a = 4242" 2>&1)
    e=$(now)
    [ "$3" = 1 ] && [ "$out" != "v$((4242 * 7919 % rows))" ] && { echo "wrong answer: $out" >&2; exit 1; }
    echo $(((e - s) / 1000000))
  done | median
}
plain=$(measure "$1" plain 0)
indexed=$(measure "$1" indexed 1)
echo "sunstone $1: $rows rows, open + point query, median of $runs: indexed ${indexed} ms, no index ${plain} ms"
if [ -n "${4:-}" ]; then
  pplain=$(measure "$4" peer_plain 0)
  pindexed=$(measure "$4" peer_indexed 1)
  echo "peer $4: indexed ${pindexed} ms, no index ${pplain} ms"
  awk -v p="$pindexed" -v s="$indexed" 'BEGIN { printf "ratio peer / sunstone (indexed open): %.1f\n", p / (s > 0 ? s : 1) }'
fi

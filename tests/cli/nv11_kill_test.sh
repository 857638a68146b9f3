#!/bin/sh
# nv11_kill_test.sh SUNSTONE [KILLS] — crash safety of native database files at the SQL level:
# a child process runs a workload of small transactions on `sunstone DBPATH` (each inserts 4
# rows of one batch number, updates a counter row and deletes one row of the batch before) and is SIGKILLed
# at a random moment, KILLS times (default 12) on the same file. After every kill the file is
# reopened and checked: every commit the child acknowledged is there, and no part of a
# transaction that did not commit: the batches present are exactly 1..m (3 rows each, the last 4), the
# counter equals m, and m is at least the acknowledged count; the indexes (stored in the file,
# reopened, not rebuilt) agree with the table: index scans of r_batch and of the unique
# (batch, k) index count what the sequential scan counts. Prints the kill numbers.
set -u
sunstone=$(realpath "$1")
kills=${2:-12}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
unset SUNSTONE_NEW_DATABASE_BACKEND
"$sunstone" -X -q -A -t k.db -c "CREATE TABLE r (batch int, k int, pad text)" -c "CREATE INDEX r_batch ON r (batch)" \
  -c "CREATE UNIQUE INDEX r_bk ON r (batch, k DESC)" \
  -c "CREATE TABLE c (n int)" -c "INSERT INTO c VALUES (0)" >/dev/null || exit 1
fails=0
acked_total=0
i=0
while [ "$i" -lt "$kills" ]; do
  i=$((i + 1))
  m=$("$sunstone" -X -A -t k.db -c "SELECT n FROM c" 2>&1)
  case "$m" in
  '' | *[!0-9]*)
    printf 'FAIL after kill %d: the counter table reads\n%s\n' "$((i - 1))" "$(echo "$m" | head -5)"
    exit 1 ;;
  esac
  # the workload: batch numbers after m, each one transaction, acknowledged on stdout
  awk -v from="$((m + 1))" 'BEGIN { for (b = from; b < from + 100000; b++) {
      printf "BEGIN;\nINSERT INTO r VALUES (%d, 1, repeat(\x27x\x27, %d));\n", b, b % 40;
      printf "INSERT INTO r SELECT %d, g, \x27p\x27 FROM generate_series(0, 3) g WHERE g <> 1;\n", b;
      printf "UPDATE c SET n = n + 1;\nDELETE FROM r WHERE batch = %d AND k = 0;\nCOMMIT;\n\\echo acked %d\n", b - 1, b } }' > w.sql
  "$sunstone" -X -q -A -t k.db -f w.sql > w.out 2>&1 &
  pid=$!
  sleep "$(awk -v s="$i" 'BEGIN { srand(s * 7919); printf "%.2f", 0.3 + rand() * 1.2 }')"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  acked=$(grep -c '^acked' w.out)
  last=$(grep '^acked' w.out | tail -1 | cut -d' ' -f2)
  [ -z "$last" ] && last=$m
  acked_total=$((acked_total + acked))
  out=$("$sunstone" -X -A -t k.db -c "SELECT n FROM c" \
    -c "SELECT count(*) FILTER (WHERE cnt <> CASE WHEN batch = (SELECT max(batch) FROM r) THEN 4 ELSE 3 END), count(*), coalesce(min(batch), 1), coalesce(max(batch), 0) FROM (SELECT batch, count(*) cnt FROM r GROUP BY batch) s" \
 2>&1)
  n=$(echo "$out" | sed -n 1p)
  stats=$(echo "$out" | sed -n 2p)
  bad=$(echo "$stats" | cut -d'|' -f1); nb=$(echo "$stats" | cut -d'|' -f2)
  lo=$(echo "$stats" | cut -d'|' -f3); hi=$(echo "$stats" | cut -d'|' -f4)
  if [ "$bad" != 0 ] || [ "$nb" != "$n" ] || [ "$lo" != 1 ] || [ "$hi" != "$n" ] || [ "$n" -lt "$last" ]; then
    fails=$((fails + 1))
    printf 'FAIL after kill %d: counter %s, acknowledged up to %s, batches %s\n%s\n' "$i" "$n" "$last" "$stats" "$(tail -3 w.out)"
  fi
  # the stored indexes against the table: the same rows through each index as through a seq scan
  seq=$("$sunstone" -X -A -t k.db -c "SELECT count(*), coalesce(sum(k), 0) FROM r" 2>&1)
  idx=$("$sunstone" -X -A -t k.db -c "SET enable_seqscan = off" \
    -c "SELECT count(*), coalesce(sum(k), 0) FROM r WHERE batch >= 1" \
    -c "SELECT count(*), coalesce(sum(k), 0) FROM r WHERE batch >= 1 AND k >= 0" \
    -c "SELECT string_agg(DISTINCT module || ':' || reopened, ',') FROM sunstone_index_columns" 2>&1 | grep -v '^SET$')
  want=$(printf '%s\n%s\nnative_btree:true' "$seq" "$seq")
  if [ "$idx" != "$want" ]; then
    fails=$((fails + 1))
    printf 'FAIL after kill %d: index scans disagree with the table\n--- seq scan\n%s\n--- index scans\n%s\n' "$i" "$seq" "$idx"
  fi
done
echo "$kills kills, $acked_total commits acknowledged, $n committed in the end, $fails failures"
[ "$fails" -eq 0 ]

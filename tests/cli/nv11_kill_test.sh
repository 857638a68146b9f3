#!/bin/sh
# nv11_kill_test.sh SUNSTONE [KILLS] [BACKEND] — crash safety of database files at the SQL level
# (issue 11's kill -9 test): a child process runs a write workload on `sunstone DBPATH` and is
# SIGKILLed at a random moment, KILLS times (default 12) on the same file; BACKEND is native
# (default) or lmdb (the file's backend, SUNSTONE_NEW_DATABASE_BACKEND).
#
# The workload: transaction b (b = 1, 2, ...) inserts row k=1 of batch b; in a SAVEPOINT inserts
# k=99 and adds 1000 to the counter, then ROLLBACK TO it; inserts k=2 and k=3; in a SAVEPOINT
# that is RELEASEd inserts k=4; in another tries a duplicate of the unique column u (23505) and
# rolls back to it; updates batch b-1's k=2 (pad 'u' || b) and deletes its k=3; adds 1 to the
# counter; COMMIT, then "acked b" (line-buffered). Every 7th batch a transaction that inserts
# k=50 is rolled back; every 25th batch is followed by CHECKPOINT. Indexes: r(batch), the
# UNIQUE r(u), and c's PRIMARY KEY.
#
# After every kill the file is reopened and checked: with n the counter, every acknowledged
# commit is there (n >= the last acknowledged b), and nothing that did not commit is visible:
# batches 1..n exactly, batch n with rows k 1..4 and every earlier one with k 1, 2 (pad
# 'u' || b+1) and 4, u = 10*batch + k, no k of a rolled-back savepoint or transaction; and
# `sunstone check DBPATH` finds no problem (indexes agree with the table, UNIQUE, pages).
# Prints a progress line every 50 kills and one summary line: kills, acknowledged commits,
# lost, uncommitted visible, check failures, wall time.
set -u
sunstone=$(realpath "$1")
kills=${2:-12}
backend=${3:-native}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
case "$backend" in
native) unset SUNSTONE_NEW_DATABASE_BACKEND ;;
lmdb) export SUNSTONE_NEW_DATABASE_BACKEND=lmdb ;;
*) echo "unknown backend $backend"; exit 2 ;;
esac
start=$(date +%s)
"$sunstone" -X -q -A -t k.db -c "CREATE TABLE r (batch int NOT NULL, k int NOT NULL, pad text, u int UNIQUE)" \
  -c "CREATE INDEX r_batch ON r (batch)" -c "CREATE TABLE c (id int PRIMARY KEY, n int NOT NULL)" \
  -c "INSERT INTO c VALUES (1, 0)" >/dev/null || exit 1
line_buffered=""
# (stdbuf preloads a library, which an ASan build accepts only without its link-order check)
command -v stdbuf >/dev/null 2>&1 &&
  line_buffered="env ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 stdbuf -oL"
# the state n committed batches leave: 0 problems expected
verify="SELECT n, (SELECT count(*) FROM r WHERE k NOT IN (1, 2, 3, 4) OR u IS DISTINCT FROM batch * 10 + k
   OR (k = 2 AND batch < n AND pad IS DISTINCT FROM 'u' || (batch + 1)) OR (k = 3 AND batch <> n) OR batch > n)
 + (SELECT count(*) FROM (SELECT batch, count(*) cnt FROM r GROUP BY batch) s
    WHERE cnt <> CASE WHEN batch = n THEN 4 ELSE 3 END),
 (SELECT count(DISTINCT batch) FROM r), (SELECT coalesce(min(batch), 1) FROM r) FROM c"
fails=0 lost=0 uncommitted=0 check_fails=0 acked_total=0 n=0
i=0
while [ "$i" -lt "$kills" ]; do
  i=$((i + 1))
  m=$n # the counter the last verification read (0 at first)
  awk -v from="$((m + 1))" 'BEGIN { q = sprintf("%c", 39); for (b = from; b < from + 100000; b++) {
      printf "BEGIN;\nINSERT INTO r VALUES (%d, 1, repeat(%sx%s, %d), %d);\n", b, q, q, b % 40, b * 10 + 1;
      printf "SAVEPOINT s1;\nINSERT INTO r VALUES (%d, 99, %sno%s, %d);\nUPDATE c SET n = n + 1000;\nROLLBACK TO s1;\n", b, q, q, b * 10 + 9;
      printf "INSERT INTO r SELECT %d, g, %sp%s, %d + g FROM generate_series(2, 3) g;\n", b, q, q, b * 10;
      printf "SAVEPOINT s2;\nINSERT INTO r VALUES (%d, 4, %skept%s, %d);\nRELEASE s2;\n", b, q, q, b * 10 + 4;
      printf "SAVEPOINT s3;\nINSERT INTO r VALUES (%d, 5, %sdup%s, %d);\nROLLBACK TO s3;\n", b, q, q, b * 10 + 1;
      printf "UPDATE r SET pad = %su%d%s WHERE batch = %d AND k = 2;\n", q, b, q, b - 1;
      printf "DELETE FROM r WHERE batch = %d AND k = 3;\nUPDATE c SET n = n + 1 WHERE id = 1;\nCOMMIT;\n\\echo acked %d\n", b - 1, b;
      if (b % 7 == 0) printf "BEGIN;\nINSERT INTO r VALUES (%d, 50, %saborted%s, %d);\nROLLBACK;\n", b, q, q, -b;
      if (b % 25 == 0) printf "CHECKPOINT;\n" } }' > w.sql
  $line_buffered "$sunstone" -X -q -A -t k.db -f w.sql > w.out 2>/dev/null &
  pid=$!
  sleep "$(awk -v s="$i" 'BEGIN { srand(s * 7919); printf "%.2f", 0.3 + rand() * 1.2 }')"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  acked=$(grep -c '^acked' w.out)
  last=$(grep '^acked' w.out | tail -1 | cut -d' ' -f2)
  [ -z "$last" ] && last=$m
  acked_total=$((acked_total + acked))
  out=$("$sunstone" -X -A -t k.db -c "$verify" 2>&1)
  n=$(echo "$out" | cut -d'|' -f1); bad=$(echo "$out" | cut -d'|' -f2)
  nb=$(echo "$out" | cut -d'|' -f3); lo=$(echo "$out" | cut -d'|' -f4)
  case "$n$bad$nb$lo" in
  '' | *[!0-9]*)
    printf 'FAIL after kill %d: the file reads\n%s\n' "$i" "$out"
    exit 1 ;;
  esac
  failed=0
  if [ "$n" -lt "$last" ]; then
    lost=$((lost + 1)); failed=1
  fi
  if [ "$bad" != 0 ] || [ "$nb" != "$n" ] || [ "$lo" != 1 ]; then
    uncommitted=$((uncommitted + 1)); failed=1
  fi
  chk=$("$sunstone" check k.db 2>&1)
  if [ $? -ne 0 ]; then
    check_fails=$((check_fails + 1)); failed=1
  fi
  if [ "$failed" -ne 0 ]; then
    fails=$((fails + 1))
    printf 'FAIL after kill %d: counter %s, acknowledged up to %s, %s problem rows, %s batches from %s\n%s\n' \
      "$i" "$n" "$last" "$bad" "$nb" "$lo" "$(echo "$chk" | head -5)"
  fi
  [ $((i % 50)) -eq 0 ] && [ "$i" -lt "$kills" ] &&
    echo "after $i kills: $acked_total acknowledged, $n committed, $fails failures, $(($(date +%s) - start)) s"
done
echo "$kills kills ($backend), $acked_total commits acknowledged, $n committed in the end, $lost kills lost an acknowledged commit, $uncommitted showed uncommitted rows, $check_fails check failures, $(($(date +%s) - start)) s"
[ "$fails" -eq 0 ]

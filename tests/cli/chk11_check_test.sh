#!/bin/sh
# chk11_check_test.sh SUNSTONE — `sunstone check DBPATH` and the sunstone_check view, and the
# file faults of issue 11 at the shell level: a sound native and lmdb file check clean (exit
# 0) and keep their bytes; a flipped bit in a page the open does not read is found by the check
# (exit 1, naming the table and page) and by the query that reads it; a truncated data file, a
# flipped bit in a page the open reads, a file that is not a Sunstone database and one of a
# newer format version are refused with an error naming the file (and page) by the shell and by
# the check, and keep their bytes; a torn last WAL record loses only that commit; a file in use
# is not checked (exit 2); usage errors exit 2.
. "$(dirname "$0")/check_lib.sh"
cd "$tmp" || exit 1
unset SUNSTONE_NEW_DATABASE_BACKEND
sums() { md5sum "$@" 2>/dev/null | cut -d' ' -f1 | tr '\n' ' '; }
flip() { # flip FILE PAGE: one byte in the middle of the page's payload
  printf '\377' | dd of="$1" bs=1 seek=$(($2 * 8192 + 4000)) conv=notrunc 2>/dev/null
}
make_db() { # make_db FILE: a table u without index (its column pages are read only by scans), t with indexes
  "$sunstone" -X -q "$1" -c "CREATE TABLE t (a int PRIMARY KEY, b text NOT NULL, c int UNIQUE)" \
    -c "CREATE INDEX t_b ON t (b)" -c "INSERT INTO t SELECT g, 'x' || g, g FROM generate_series(1, 300) g" \
    -c "DELETE FROM t WHERE a % 3 = 0" -c "UPDATE t SET c = -c WHERE a % 5 = 0" \
    -c "CREATE TABLE u (a int, b text)" -c "INSERT INTO u SELECT g, repeat('y', g % 50) FROM generate_series(1, 3000) g"
}

# sound files, native and lmdb: exit 0, bytes unchanged
make_db n.db
before=$(sums n.db n.db-wal)
out=$("$sunstone" check n.db 2>&1); rc=$?
check "native: clean" "0|n.db: no problems found" "$rc|$out"
check "native: check changes nothing" "$before" "$(sums n.db n.db-wal)"
SUNSTONE_NEW_DATABASE_BACKEND=lmdb make_db l.db
before=$(sums l.db)
out=$("$sunstone" check l.db 2>&1); rc=$?
check "lmdb: clean" "0|l.db: no problems found" "$rc|$out"
check "lmdb: check changes nothing" "$before" "$(sums l.db)"
check "the view on a file" "0" "$("$sunstone" -X -A -t n.db -c "SELECT count(*) FROM sunstone_check")"
check "the view in memory" "0" "$("$sunstone" -X -q -A -t -c "CREATE TABLE m (a int PRIMARY KEY)" \
  -c "INSERT INTO m SELECT generate_series(1, 100)" -c "SELECT count(*) FROM sunstone_check")"

# which pages the open reads: a flipped bit there fails the open, elsewhere (u's column
# chunks) only the check and a scan of u find it
pages=$(($(stat -c %s n.db) / 8192))
late=""
early=""
p=$((pages - 1))
while [ "$p" -gt 2 ] && { [ -z "$late" ] || [ -z "$early" ]; }; do
  if [ "$(od -An -tu2 -j $((p * 8192 + 4)) -N2 n.db | tr -d ' ')" = 3 ]; then # a blob page
    cp n.db f.db; cp n.db-wal f.db-wal
    flip f.db "$p"
    out=$("$sunstone" check f.db 2>&1)
    case "$out" in
    "sunstone: check: page $p of"*) [ -z "$early" ] && early=$p ;;
    *"(page $p): page $p of"*) [ -z "$late" ] && late=$p ;;
    esac
  fi
  p=$((p - 1))
done
check "a page only scans read was found" "yes" "$([ -n "$late" ] && echo yes)"
check "a page the open reads was found" "yes" "$([ -n "$early" ] && echo yes)"
cp n.db f.db; cp n.db-wal f.db-wal; flip f.db "$late"
before=$(sums f.db f.db-wal)
out=$("$sunstone" check f.db 2>&1); rc=$?
check "damaged late page: exit 1" "1" "$rc"
check "damaged late page: named" "yes" "$(echo "$out" | grep -q "(page $late): page $late of \"f.db\" is damaged (checksum mismatch)" && echo yes)"
check "damaged late page: counted" "yes" "$(echo "$out" | tail -1 | grep -q '^f.db: [0-9]* problems* found$' && echo yes)"
check "damaged late page: check changes nothing" "$before" "$(sums f.db f.db-wal)"
out=$("$sunstone" -X -A -t f.db -c "SELECT sum(length(b)) FROM u" 2>&1)
check "damaged late page: the scan names it" "yes" "$(echo "$out" | grep -q "page $late of \"f.db\" is damaged (checksum mismatch)" && echo yes)"

# faults the open refuses: error naming the file, bytes unchanged, for the shell and the check
refused() { # refused NAME FILE EXPECTED-MESSAGE
  before=$(sums "$2" "$2-wal")
  out=$("$sunstone" -X "$2" -c "SELECT 1" 2>&1); rc=$?
  check "$1: the shell refuses" "2|sunstone: error: could not open database \"$2\": $3" "$rc|$out"
  out=$("$sunstone" check "$2" 2>&1); rc=$?
  check "$1: the check refuses" "1|sunstone: check: $3" "$rc|$out"
  check "$1: nothing changed" "$before" "$(sums "$2" "$2-wal")"
}
cp n.db f.db; cp n.db-wal f.db-wal; flip f.db "$early"
refused "damaged early page" f.db "page $early of \"f.db\" is damaged (checksum mismatch)"
cp n.db f.db; cp n.db-wal f.db-wal; truncate -s $(((pages - 1) * 8192)) f.db
out=$("$sunstone" -X f.db -c "SELECT 1" 2>&1)
check "truncated: named" "yes" "$(echo "$out" | grep -q 'database file "f.db" is truncated' && echo yes)"
refused "truncated" f.db "$(echo "$out" | sed 's/^sunstone: error: could not open database "f.db": //')"
printf 'not a database\n' > other.txt
refused "not a database" other.txt 'file "other.txt" is not a Sunstone database'
cp n.db f.db; cp n.db-wal f.db-wal
printf '\002' | dd of=f.db bs=1 seek=32 conv=notrunc 2>/dev/null
refused "newer format" f.db 'database file "f.db" has format version 2; this build reads up to version 1'

# a torn last WAL record: the commit it held is lost, every earlier one kept, the check clean
rm -f w.db w.db-wal
"$sunstone" -X -q w.db -c "CREATE TABLE w (a int PRIMARY KEY)"
printf 'INSERT INTO w VALUES (1);\nINSERT INTO w VALUES (2);\nINSERT INTO w VALUES (3);\n\\echo done\nSELECT pg_sleep(30);\n' > hold.sql
# (stdbuf preloads a library, which an ASan build accepts only without its link-order check)
env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" stdbuf -oL "$sunstone" -X -q w.db -f hold.sql > hold.out 2>&1 &
holder=$!
i=0
while [ "$i" -lt 100 ] && ! grep -q done hold.out; do sleep 0.1; i=$((i + 1)); done
out=$("$sunstone" check w.db 2>&1); rc=$?
check "in use: not checked" "2|sunstone: check: database file \"w.db\" is in use by another process" "$rc|$out"
kill -9 "$holder"; wait "$holder" 2>/dev/null
truncate -s $(($(stat -c %s w.db-wal) - 10)) w.db-wal
before=$(sums w.db w.db-wal)
out=$("$sunstone" check w.db 2>&1); rc=$?
check "torn WAL: clean" "0|w.db: no problems found" "$rc|$out"
check "torn WAL: check changes nothing" "$before" "$(sums w.db w.db-wal)"
check "torn WAL: the last commit lost, the others kept" "1
2" "$("$sunstone" -X -A -t w.db -c "SELECT a FROM w ORDER BY a")"

# usage
out=$("$sunstone" check 2>&1); rc=$?
check "no path" "2|usage: sunstone check DBPATH" "$rc|$out"
out=$("$sunstone" check missing.db 2>&1); rc=$?
check "missing file" '2|sunstone: check: database file "missing.db" does not exist' "$rc|$out"
check "not created" "no" "$([ -e missing.db ] && echo yes || echo no)"

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]

#!/bin/sh
# native_update_growth_test.sh SUNSTONE — an UPDATE on a native file's indexed table writes its new
# versions without leaving a trail of replaced row groups behind: the non-key UPDATE of 10% of
# the rows goes in batches, a key UPDATE (row by row, for PostgreSQL's per-row unique checks)
# frees each tail it rewrites that no running scan listed. Before, either grew a 1.5 MB file by
# tens of MB (every replaced tail kept until the statement's own scan ended).
set -u
. "$(dirname "$0")/check_lib.sh"
cd "$tmp" || exit 1
unset SUNSTONE_NEW_DATABASE_BACKEND
q() { "$sunstone" -X -A -t u.db "$@" 2>&1; }
q -c "CREATE TABLE t (id int PRIMARY KEY, v text)" \
  -c "INSERT INTO t SELECT g, md5(g::text) FROM generate_series(1, 20000) g" >/dev/null
base=$(stat -c %s u.db)
check "non-key update" "UPDATE 2000" "$(q -c "UPDATE t SET v = 'x' WHERE id % 10 = 0")"
after1=$(stat -c %s u.db)
check "key update" "UPDATE 2000" "$(q -c "UPDATE t SET id = -id WHERE id % 10 = 3")"
after2=$(stat -c %s u.db)
check "rows" "20000|2000|2000" "$(q -c "SELECT count(*), count(*) FILTER (WHERE v = 'x'), count(*) FILTER (WHERE id < 0) FROM t")"
check "the key index" "-13|c51ce410c124a10e0db5e4b97fc2af39" "$(q -c "SELECT * FROM t WHERE id = -13")"
check "non-key update: file growth bounded ($base -> $after1 bytes)" "ok" "$([ "$after1" -le $((base * 2)) ] && echo ok)"
check "key update: file growth bounded ($after1 -> $after2 bytes)" "ok" "$([ "$after2" -le $((after1 * 2)) ] && echo ok)"
echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]

#!/bin/sh
# ix9_index_file_test.sh SUNSTONE — expression and partial indexes in a database file: made
# by one process (persisted by their CREATE INDEX text), the next one shows them in pg_indexes and
# enforces them (a unique expression key among the predicate's rows only).
set -u
sunstone=$(realpath "$1")
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # check NAME EXPECTED ACTUAL
  if [ "$2" != "$3" ]; then
    fails=$((fails + 1))
    printf 'FAIL %s\n--- expected\n%s\n--- actual\n%s\n' "$1" "$2" "$3"
  fi
}
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }

cd "$tmp" || exit 1
check "create" "CREATE TABLE
CREATE INDEX
INSERT 0 1" "$(q -c "CREATE TABLE m (id int, name text)" \
  -c "CREATE UNIQUE INDEX m_lower ON m (lower(name)) WHERE id > 0" -c "INSERT INTO m VALUES (1, 'Bob')")"
check "the next process shows it" "CREATE UNIQUE INDEX m_lower ON public.m USING btree (lower(name)) WHERE (id > 0)" \
  "$(q -c 'SELECT indexdef FROM pg_indexes')"
check "and enforces it" "ERROR:  duplicate key value violates unique constraint \"m_lower\"
DETAIL:  Key (lower(name))=(bob) already exists." "$(q -c "INSERT INTO m VALUES (2, 'BOB')")"
check "outside the predicate" "INSERT 0 1" "$(q -c "INSERT INTO m VALUES (-2, 'BOB')")"
[ "$fails" -eq 0 ] || exit 1
echo "ix9_index_file: all checks passed"

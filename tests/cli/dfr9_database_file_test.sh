#!/bin/sh
# dfr9_database_file_test.sh SUNSTONE — DEFERRABLE / INITIALLY DEFERRED clauses of PRIMARY KEY,
# UNIQUE and FOREIGN KEY constraints kept by a database file's catalog image (api/durable_image.c):
# a new process shows them in \d and still defers the checks; ALTER CONSTRAINT persists too.
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }

cd "$tmp" || exit 1
q -c "CREATE TABLE p (a int PRIMARY KEY, b int UNIQUE DEFERRABLE, c int, UNIQUE (c) DEFERRABLE INITIALLY DEFERRED)" \
  -c "CREATE TABLE c (a int REFERENCES p INITIALLY DEFERRED, b int REFERENCES p DEFERRABLE, x int REFERENCES p)" \
  -c "ALTER TABLE c ALTER CONSTRAINT c_x_fkey DEFERRABLE" >/dev/null
check "\\d p after reopening" '"p_pkey" PRIMARY KEY, btree (a)
"p_b_key" UNIQUE CONSTRAINT, btree (b) DEFERRABLE
"p_c_key" UNIQUE CONSTRAINT, btree (c) DEFERRABLE INITIALLY DEFERRED' \
  "$("$sunstone" -X app.db -c '\d p' 2>&1 | sed -n 's/^    "/"/p')"
check "\\d c after reopening" '"c_a_fkey" FOREIGN KEY (a) REFERENCES p(a) DEFERRABLE INITIALLY DEFERRED
"c_b_fkey" FOREIGN KEY (b) REFERENCES p(a) DEFERRABLE
"c_x_fkey" FOREIGN KEY (x) REFERENCES p(a) DEFERRABLE' \
  "$("$sunstone" -X app.db -c '\d c' 2>&1 | sed -n 's/^    "/"/p')"
check "an INITIALLY DEFERRED foreign key still waits for COMMIT" "BEGIN
INSERT 0 1
INSERT 0 1
COMMIT
1|1" "$(q -c "BEGIN" -c "INSERT INTO c VALUES (1)" -c "INSERT INTO p VALUES (1, 1, 1)" -c "COMMIT" -c "SELECT c.a, p.a FROM c JOIN p ON p.a = c.a")"
check "a DEFERRABLE unique constraint checks at the end of the statement" "INSERT 0 1
UPDATE 2
1|2|1
2|3|2" "$(q -c "INSERT INTO p VALUES (2, 2, 2)" -c "UPDATE p SET b = b + 1" -c "SELECT * FROM p ORDER BY a")"
check "the deferred unique constraint fails at COMMIT" 'BEGIN
INSERT 0 1
ERROR:  duplicate key value violates unique constraint "p_c_key"
DETAIL:  Key (c)=(1) already exists.
2' "$(q -c "BEGIN" -c "INSERT INTO p VALUES (3, 30, 1)" -c "COMMIT" -c "SELECT count(*) FROM p")"
echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]

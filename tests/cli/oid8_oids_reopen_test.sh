#!/bin/sh
# oid8_oids_reopen_test.sh SUNSTONE — (oid8) object oids are kept in a database file: the oids
# of a schema, tables, an index, a sequence and a view are the same after a reopen (whatever
# order the image replays them in, and after a DROP freed a lower one), regclass / pg_class
# agree with them, and a new object after the reopen gets an oid above all of them.
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }
cd "$tmp" || exit 1
unset SUNSTONE_NEW_DATABASE_BACKEND
oids="SELECT c.relname || ':' || c.relkind || ':' || c.oid || ':' || n.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid >= 16384 ORDER BY c.relname"
q -c "CREATE TABLE gone (a int)" -c "CREATE SCHEMA s" -c "CREATE TABLE s.b (x int)" \
  -c "CREATE TABLE a (id serial PRIMARY KEY, v text)" -c "CREATE VIEW w AS SELECT v FROM a" \
  -c "CREATE INDEX a_v ON a (v)" -c "DROP TABLE gone" > made.out
before=$(q -c "$oids")
check "objects have user oids" "6" "$(echo "$before" | wc -l | tr -d ' ')"
after=$(q -c "$oids")
check "the same oids after a reopen" "$before" "$after"
check "regclass agrees after a reopen" "t|t|t" \
  "$(q -c "SELECT ('a'::regclass)::oid = (SELECT oid FROM pg_class WHERE relname = 'a'), 's.b'::regclass::text = 's.b', 'a_id_seq'::regclass::oid >= 16384")"
check "a new object's oid is above the kept ones" "t" \
  "$(q -c "CREATE TABLE c (z int)" -c "SELECT 'c'::regclass::oid > (SELECT max(oid) FROM pg_class WHERE relname <> 'c')" | grep -v CREATE)"
check "the schema's oid is kept" "$(q -c "SELECT 's'::regnamespace::oid")" "$(q -c "SELECT oid FROM pg_namespace WHERE nspname = 's'")"
echo "oid8_oids_reopen: $passes passed, $fails failed"
[ "$fails" -eq 0 ]

#!/bin/sh
# cli_test.sh SUNSTONE MODULE_DIR — end-to-end checks of the sunstone shell and plugin
# loading, as a user sees them: exact psql-compatible output, exit codes, the error when
# the scan module is missing, and LOAD of a library that is not a plugin.
set -u
sunstone=$(realpath "$1")
modules=$(realpath "$2")
fails=0
passes=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # check NAME EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then
    passes=$((passes + 1))
  else
    fails=$((fails + 1))
    printf 'FAIL %s\n--- expected\n%s\n--- actual\n%s\n' "$1" "$2" "$3"
  fi
}

contains() { # contains NAME NEEDLE HAYSTACK
  case "$3" in
    *"$2"*) passes=$((passes + 1)) ;;
    *) fails=$((fails + 1)); printf 'FAIL %s: missing "%s" in:\n%s\n' "$1" "$2" "$3" ;;
  esac
}

# The README tour's statements, byte for byte what psql prints against PostgreSQL.
out=$("$sunstone" -A -t -X -c "CREATE TABLE t(a int, b text)" -c "INSERT INTO t VALUES (1,'x'),(2,'y'),(3,NULL)" \
  -c "SELECT b, a*2 FROM t WHERE a > 1 ORDER BY a DESC" -c "SELECT count(*) FROM t")
check "acceptance" "CREATE TABLE
INSERT 0 3
|6
y|4
3" "$out"

# -c failure exits 1 and prints psql's error format on stderr.
err=$("$sunstone" -X -c "SELECT * FROM nope" 2>&1 >/dev/null); rc=$?
check "-c error exit code" "1" "$rc"
check "-c error text" 'ERROR:  relation "nope" does not exist
LINE 1: SELECT * FROM nope
                      ^' "$err"

# Script mode goes on after errors; ON_ERROR_STOP stops with exit code 3.
printf 'SELECT 1 AS a;\nSELECT x;\nSELECT 2 AS b;\n' > "$tmp/s.sql"
out=$("$sunstone" -X -A -t -f "$tmp/s.sql" 2>/dev/null); rc=$?
check "script continues" "1
2" "$out"
check "script exit code" "0" "$rc"
out=$("$sunstone" -X -A -t -v ON_ERROR_STOP=1 -f "$tmp/s.sql" 2>/dev/null); rc=$?
check "ON_ERROR_STOP output" "1" "$out"
check "ON_ERROR_STOP exit code" "3" "$rc"

# The bundled modules are listed by the catalog view.
out=$("$sunstone" -X -A -t -c "SELECT name, kind FROM sunstone_plugins ORDER BY kind, name")
for want in "aggregate|operator" "filter|operator" "limit|operator" "project|operator" "scan|operator" \
            "scan_row|operator" "sort|operator" "values|operator" "memory|storage"; do
  contains "sunstone_plugins lists $want" "$want" "$out"
done

# A/B: the row-at-a-time reference scan gives the same answer.
q="CREATE TABLE n(a int, b text); INSERT INTO n VALUES (1,'x'),(2,'y'),(3,NULL),(4,'w');"
a=$("$sunstone" -X -A -t -c "$q" -c "SELECT b, a FROM n WHERE a % 2 = 0 ORDER BY a")
b=$("$sunstone" -X -A -t -c "$q" -c "SET sunstone.operator_scan = 'scan_row'" -c "SELECT b, a FROM n WHERE a % 2 = 0 ORDER BY a")
check "scan A/B" "$a" "$(printf '%s\n' "$b" | grep -v '^SET$')"

# Without the scan module, scans fail naming the missing operator; nothing crashes.
mkdir "$tmp/mods"
for f in "$modules"/*.so; do
  [ "$(basename "$f")" = "scan.so" ] || ln -s "$f" "$tmp/mods/"
done
err=$("$sunstone" -X --plugin-dir "$tmp/mods" -c "CREATE TABLE t(a int)" -c "SELECT a FROM t" 2>&1); rc=$?
contains "missing scan module" 'ERROR:  operator "scan" is not loaded' "$err"
check "missing scan exit code" "1" "$rc"
# ... and the reference scan still works when chosen.
out=$("$sunstone" -X -A -t --plugin-dir "$tmp/mods" -c "CREATE TABLE t(a int)" -c "INSERT INTO t VALUES (5)" \
  -c "SET sunstone.operator_scan = 'scan_row'" -c "SELECT a FROM t" 2>&1)
check "scan_row without scan" "CREATE TABLE
INSERT 0 1
SET
5" "$out"

# LOAD of a shared library that is not a plugin is refused cleanly.
libm=$(ldconfig -p | awk '/libm\.so\.6 .*x86-64|libm\.so\.6 \(libc6,/ {print $NF; exit}')
[ -n "$libm" ] || libm=/lib/x86_64-linux-gnu/libm.so.6
err=$("$sunstone" -X -c "LOAD '$libm'" -c "SELECT 1 AS still_alive" 2>&1); rc=$?
contains "LOAD libm refused" "missing magic block" "$err"
contains "LOAD libm no crash" "still_alive" "$err"
# LOAD of a real module by name works (already loaded: no-op).
out=$("$sunstone" -X -c "LOAD 'sort'" 2>&1)
check "LOAD by name" "LOAD" "$out"

# Pathologically deep expressions are refused like PostgreSQL refuses them, without a crash.
awk 'BEGIN { s = "SELECT 1"; for (i = 0; i < 200000; i++) s = s " + 1"; print s ";" }' > "$tmp/deep.sql"
err=$("$sunstone" -X -v ON_ERROR_STOP=1 -f "$tmp/deep.sql" 2>&1); rc=$?
contains "deep expression error" "ERROR:  stack depth limit exceeded" "$err"
check "deep expression exit code" "3" "$rc"

# \di lists the indexes with their tables as psql 15 does (owner: $USER), filtered by a
# pattern; a pattern matching nothing is psql's error.
out=$(USER=root "$sunstone" -X -c "CREATE TABLE t (id int PRIMARY KEY, a int UNIQUE, b text)" \
  -c "CREATE INDEX t_b ON t (b)" -c '\di' -c '\di t_p*' -c '\di nosuch' 2>&1)
check "\\di" "CREATE TABLE
CREATE INDEX
            List of relations
 Schema |  Name   | Type  | Owner | Table 
--------+---------+-------+-------+-------
 public | t_a_key | index | root  | t
 public | t_b     | index | root  | t
 public | t_pkey  | index | root  | t
(3 rows)

            List of relations
 Schema |  Name  | Type  | Owner | Table 
--------+--------+-------+-------+-------
 public | t_pkey | index | root  | t
(1 row)

Did not find any relation named \"nosuch\"." "$out"

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]

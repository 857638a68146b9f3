#!/bin/sh
# uv9_view_options_persist_test.sh SUNSTONE — a database file keeps views' options (WITH
# (...), WITH ... CHECK OPTION: the catalog image writes them as WITH (...)) across processes,
# and UPDATE / DELETE / INSERT ... ON CONFLICT through such views still check them.
set -u
. "$(dirname "$0")/check_lib.sh"
q() { "$sunstone" -X -A -t app.db "$@" 2>&1; }
cd "$tmp" || exit 1

q -c "CREATE TABLE base (a int PRIMARY KEY, b int)" -c "INSERT INTO base VALUES (1, 10), (2, 20)" \
  -c "CREATE VIEW v1 WITH (security_invoker = true) AS SELECT a, b FROM base WHERE b < 100 WITH LOCAL CHECK OPTION" \
  -c "CREATE VIEW v2 WITH (check_option = cascaded) AS SELECT a, b FROM v1 WHERE a > 0" >/dev/null
check "options kept" "v1|security_invoker=true, check_option=local
v2|check_option=cascaded" "$(q -c "SELECT name, options FROM sunstone_tables WHERE kind = 'view' ORDER BY name")"
check "information_schema" "v1|LOCAL|YES
v2|CASCADED|YES" "$(q -c "SELECT table_name, check_option, is_updatable FROM information_schema.views ORDER BY 1")"
check "cascaded check below" 'ERROR:  new row violates check option for view "v1"' \
  "$(q -c "UPDATE v2 SET b = 500 WHERE a = 1" | head -1)"
check "own check" 'ERROR:  new row violates check option for view "v2"' \
  "$(q -c "UPDATE v2 SET a = -1 WHERE a = 1" | head -1)"
check "update through" "1|11" "$(q -c "UPDATE v2 SET b = 11 WHERE a = 1 RETURNING *" | head -1)"
check "on conflict through" "2|21" \
  "$(q -c "INSERT INTO v2 VALUES (2, 0) ON CONFLICT (a) DO UPDATE SET b = v2.b + 1 RETURNING *" | head -1)"
check "on conflict check" 'ERROR:  new row violates check option for view "v1"' \
  "$(q -c "INSERT INTO v2 VALUES (2, 0) ON CONFLICT (a) DO UPDATE SET b = 1000" | head -1)"
check "delete through" "2|21" "$(q -c "DELETE FROM v2 WHERE a = 2 RETURNING *" | head -1)"
q -c "ALTER VIEW v1 RENAME TO v1r" >/dev/null
check "renamed keeps options" "v1r|security_invoker=true, check_option=local" \
  "$(q -c "SELECT name, options FROM sunstone_tables WHERE name = 'v1r'")"
check "renamed still checks" 'ERROR:  new row violates check option for view "v1r"' \
  "$(q -c "INSERT INTO v2 VALUES (3, 300)" | head -1)"
check "rows" "1|11" "$(q -c "SELECT * FROM base ORDER BY a")"
echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]

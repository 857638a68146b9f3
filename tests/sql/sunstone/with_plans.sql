-- WITH queries in EXPLAIN: inlined when referenced once, one CTE scan computing the query and
-- others reading its rows when referenced twice or MATERIALIZED; WITH RECURSIVE as a
-- recursive union over its worktable (SEARCH / CYCLE: its columns computed in both terms, the recursive one filtered on the mark)
CREATE TABLE wp (a int, b text);
INSERT INTO wp VALUES (1, 'x'), (2, 'y'), (3, 'z');
EXPLAIN WITH x AS (SELECT a FROM wp) SELECT * FROM x;
EXPLAIN WITH x AS MATERIALIZED (SELECT a FROM wp) SELECT * FROM x;
EXPLAIN WITH x AS (SELECT a FROM wp) SELECT * FROM x l JOIN x r ON l.a = r.a + 1;
WITH x AS (SELECT a FROM wp) SELECT * FROM x l JOIN x r ON l.a = r.a + 1 ORDER BY 1;
EXPLAIN WITH x AS NOT MATERIALIZED (SELECT a FROM wp) SELECT * FROM x l, x r;
EXPLAIN WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT * FROM t;
EXPLAIN WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT w.a FROM wp w JOIN t ON w.a = t.n + 1) SELECT * FROM t;
-- the recursion runs only as far as the LIMIT reads
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT * FROM t LIMIT 3;
-- operators can be switched like any other
SET sunstone.operator_cte_scan = 'scan';
SELECT name, kind FROM sunstone_plugins WHERE name IN ('cte_scan', 'recursive_union', 'worktable_scan') ORDER BY name;
EXPLAIN WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) SEARCH DEPTH FIRST BY n SET ord SELECT * FROM t;
EXPLAIN WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) CYCLE n SET is_cycle USING path SELECT * FROM t;
SELECT 1 INTO wp_into UNION SELECT 2 INTO wp_into2;
-- an automatically updatable view takes INSERT (tests/sql/pg/views_insert.sql)
CREATE VIEW wpv AS SELECT a FROM wp;
INSERT INTO wpv VALUES (5);
CREATE UNLOGGED TABLE ut AS SELECT 1;
CREATE TEMP TABLE oc (a int) ON COMMIT DROP;
CREATE TEMP TABLE od ON COMMIT DELETE ROWS AS SELECT 1;

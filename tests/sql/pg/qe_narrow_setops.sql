-- Answers and errors of materialized CTEs and UNION ALL branches that compute only the columns
-- read above them (core/plan/prune.c; plans in tests/sql/sunstone/qe_narrow_plans.sql)
CREATE TABLE qn (a int, b int, c int, d int, e int);
INSERT INTO qn SELECT i, i * 2, i * 3, i * 4, i * 5 FROM generate_series(1, 4) i;
INSERT INTO qn VALUES (0, NULL, 7, NULL, 9);
WITH w AS MATERIALIZED (SELECT * FROM qn) SELECT x.b, y.e FROM w x JOIN w y ON x.a = y.a ORDER BY 1, 2;
WITH w AS MATERIALIZED (SELECT * FROM qn) SELECT count(*) FROM w;
WITH w AS MATERIALIZED (SELECT * FROM qn) SELECT count(*), sum(x.c) FROM w x, w y WHERE x.a < y.a;
WITH w AS (SELECT * FROM qn) SELECT (SELECT count(*) FROM w), sum(d) FROM w;
WITH w AS MATERIALIZED (SELECT a, max(b) m, min(c) n FROM qn GROUP BY a) SELECT a FROM w ORDER BY a;
WITH w AS MATERIALIZED (SELECT a, b FROM qn), v AS MATERIALIZED (SELECT b FROM w WHERE a > 1)
  SELECT v.b, (SELECT count(*) FROM w) FROM v, v v2 WHERE v.b = v2.b ORDER BY 1;
SELECT s.b FROM (SELECT * FROM qn UNION ALL SELECT * FROM qn UNION ALL SELECT e, d, c, b, a FROM qn) s ORDER BY 1;
SELECT count(*) FROM (SELECT * FROM qn UNION ALL SELECT * FROM qn) s;
SELECT s.a FROM (SELECT a, b * 2 FROM qn UNION ALL SELECT a, c FROM qn) s ORDER BY 1;
SELECT s.a FROM (SELECT a, b FROM qn UNION ALL (SELECT a, b FROM qn UNION SELECT c, d FROM qn)) s ORDER BY 1;
SELECT s.x FROM (SELECT a, b FROM qn UNION ALL SELECT c, d FROM qn EXCEPT SELECT 1, 2) s(x, y) ORDER BY 1;
WITH w AS MATERIALIZED (SELECT * FROM qn UNION ALL SELECT * FROM qn) SELECT d FROM w WHERE d > 4 ORDER BY 1;
SELECT g FROM (SELECT a, g FROM qn, generate_series(1, 2) g UNION ALL SELECT 9, 9) s ORDER BY 1;
SELECT s.k FROM (SELECT 1 AS k, 'x' AS t UNION ALL SELECT 2, 'y' UNION ALL VALUES (3, 'z')) s ORDER BY 1;
-- what PostgreSQL computes though nothing reads it: its errors
WITH w AS MATERIALIZED (SELECT a, 100 / a AS q FROM qn) SELECT a FROM w;
SELECT s.a FROM (SELECT a, 100 / a FROM qn UNION ALL SELECT 1, 2) s;
SELECT s.a FROM (SELECT 1, 2 UNION ALL SELECT a, 100 / a FROM qn) s;
WITH w AS MATERIALIZED (SELECT a, min(100 / a) FROM qn GROUP BY a) SELECT count(*) FROM w;
SELECT count(*) FROM (SELECT a, (b * 1000000000)::int FROM qn UNION ALL SELECT 1, 1) s;
SELECT s.a FROM (SELECT a, max(b) FROM qn GROUP BY a UNION ALL SELECT a, 100 / a FROM qn) s ORDER BY 1;
SELECT s.a FROM (SELECT a, min(100 / a) FROM qn GROUP BY a UNION ALL SELECT 1, 1) s ORDER BY 1;
WITH w AS MATERIALIZED (SELECT a, (b * 1000000000)::int FROM qn) SELECT count(*) FROM w;
SELECT s.a FROM (SELECT a, max(b) FROM qn GROUP BY a UNION ALL SELECT a, 100 / a FROM qn UNION ALL SELECT 1, 2.5) s;
SELECT s.a FROM (SELECT a, max(b) FROM qn GROUP BY a UNION ALL SELECT a, 100 / a FROM qn WHERE a > 0 UNION ALL SELECT 1, 2.5) s ORDER BY 1;
-- a plain subquery's unused output is not computed (remove_unused_subquery_outputs)
SELECT s.a FROM (SELECT a, 100 / a FROM qn) s ORDER BY 1;
DROP TABLE qn;

-- Aggregate results of a grouped FROM subquery (or inlined WITH query) that nothing reads are
-- never computed (PostgreSQL's remove_unused_subquery_outputs): their errors do not happen.
CREATE TABLE t1 (a float8, b int2, c int, d float8);
INSERT INTO t1 VALUES (0, 32767, 1, '-Infinity'), (2, 1, 1, 1), (-0.0, 3, 2, 2);
SELECT 10 FROM (SELECT c, min(1 / a) FROM t1 GROUP BY 1) AS sq(v1, v2) ORDER BY 1;
SELECT v1 FROM (SELECT c, min(1 / a), sum(b + b) FROM t1 GROUP BY 1) AS sq(v1, v2, v3) ORDER BY 1;
SELECT v3 FROM (SELECT c, count(DISTINCT d::int), max(c) FROM t1 GROUP BY 1) AS sq(v1, v2, v3) ORDER BY 1;
SELECT count(*) FROM (SELECT c, sum(b + b) FILTER (WHERE 1 / a > 0) FROM t1 GROUP BY 1) AS sq;
WITH w AS (SELECT c AS v1, min(1 / a) AS v2, max(b) AS v3 FROM t1 GROUP BY 1) SELECT v1, v3 FROM w ORDER BY 1;
SELECT v1 FROM (SELECT c, string_agg((1 / a)::text, ',' ORDER BY 1 / a) FROM t1 GROUP BY 1) AS sq(v1, v2) ORDER BY 1;
-- read above, in HAVING, in the subquery's ORDER BY, under DISTINCT or MATERIALIZED: computed
SELECT 1 FROM (SELECT c, min(1 / a) AS m FROM t1 GROUP BY 1) AS sq WHERE m IS NULL;
SELECT v1 FROM (SELECT c, sum(b + b) FROM t1 GROUP BY 1 HAVING sum(b + b) > 0) AS sq(v1, v2);
SELECT v1 FROM (SELECT c, min(1 / a) FROM t1 GROUP BY 1 ORDER BY 2) AS sq(v1, v2);
SELECT v1 FROM (SELECT DISTINCT c, min(1 / a) FROM t1 GROUP BY 1) AS sq(v1, v2);
WITH w AS MATERIALIZED (SELECT c AS v1, min(1 / a) AS v2 FROM t1 GROUP BY 1) SELECT v1 FROM w;
SELECT v1 FROM (SELECT c, min(1 / a) FROM t1 GROUP BY 1 UNION ALL SELECT 1, 2) AS sq(v1, v2);
SELECT c, min(1 / a) FROM t1 GROUP BY 1;
DROP TABLE t1;

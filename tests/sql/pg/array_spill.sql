-- Arrays through the operators' spill paths: grouping, DISTINCT, sorting, array_agg and
-- ARRAY(subquery) over more rows than work_mem = 64kB holds give the in-memory answers.
CREATE TABLE big AS SELECT g % 100 AS k, ARRAY[g % 7, g % 3] AS a, ARRAY['x' || (g % 5)] AS t FROM generate_series(1, 20000) g;
SET work_mem = '64kB';
SELECT a, count(*) FROM big GROUP BY a ORDER BY a LIMIT 5;
SELECT count(DISTINCT a), count(DISTINCT t) FROM big;
SELECT k, cardinality(array_agg(a ORDER BY a)), (array_agg(a ORDER BY a DESC))[1:2] FROM big WHERE k < 3 GROUP BY k ORDER BY k;
SELECT a, t, k FROM big ORDER BY a DESC, t, k LIMIT 3;
SELECT k, array_agg(DISTINCT t) FROM big GROUP BY k ORDER BY k LIMIT 3;
SELECT cardinality(ARRAY(SELECT a FROM big));
SELECT count(*) FROM big b1 JOIN big b2 ON b1.a = b2.a WHERE b1.k = 1 AND b2.k = 2;
RESET work_mem;
DROP TABLE big;

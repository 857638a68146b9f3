-- PostgreSQL analyses the select list, WHERE and HAVING before GROUP BY: their errors come
-- before the GROUP BY clause's own.
CREATE TABLE t2 (q integer, t smallint NOT NULL, s text);
SELECT 1 FROM t2 AS tt GROUP BY q, (CASE NULL WHEN tt.t THEN NULL::text WHEN q THEN s ELSE 'A B' END <= s) HAVING (CASE NULL WHEN tt.t THEN NULL::text WHEN q THEN s ELSE 'A B' END <= s) ORDER BY 1;
SELECT (('héllo')::float8)::int FROM t2 GROUP BY ('héllo')::float8 ORDER BY 1;
SELECT ('a')::bigint FROM t2 GROUP BY ('a')::bigint ORDER BY 1;
SELECT ('')::boolean FROM t2 GROUP BY true, ('')::boolean ORDER BY 1;
SELECT q FROM t2 WHERE 'x'::int > 0 GROUP BY 'y'::int;
SELECT q FROM t2 WHERE sum(q) > 0 GROUP BY 'y'::int;
SELECT q FROM t2 GROUP BY 'y'::int HAVING 'z'::int > 0;
SELECT sum(sum(q)) FROM t2 GROUP BY 'y'::int;
SELECT t FROM t2 GROUP BY 'y'::int;
SELECT t, 1/0 FROM t2 GROUP BY t;
SELECT q + 1 FROM t2 GROUP BY q + 1 ORDER BY 1;
DROP TABLE t2;

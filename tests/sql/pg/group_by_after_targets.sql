-- PostgreSQL analyses the select list, WHERE and HAVING before GROUP BY: their errors come
-- before the GROUP BY clause's own; so do ORDER BY's.
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
CREATE TABLE t1 (a varchar(10));
SELECT a AS count, count(*) FROM t1 GROUP BY '0.1'::float8, count ORDER BY count, 2;

SELECT a FROM t1 GROUP BY 'x'::int ORDER BY 5;
SELECT a FROM t1 GROUP BY 'x'::int ORDER BY 'y';
SELECT a FROM t1 GROUP BY 'x'::int ORDER BY 'z'::int;
SELECT a, count(*) FROM t1 GROUP BY a ORDER BY 2, a;
DROP TABLE t2, t1;

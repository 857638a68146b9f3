-- Set-returning functions in the select list (PostgreSQL 10+'s ProjectSet): several run in
-- lockstep (the shorter padded with NULLs), inside expressions, reading the row; the places PG refuses them.
CREATE TABLE t (a int, arr int[]);
INSERT INTO t VALUES (1, ARRAY[10,20,30]), (2, ARRAY[]::int[]), (3, ARRAY[7]), (0, NULL);
SELECT generate_series(1,3), generate_series(1,2);
SELECT generate_series(1,1) AS x, generate_series(1,3) AS y, generate_series(1,2) AS z;
SELECT generate_series(1,0), generate_series(1,2);
SELECT generate_series(1,0), generate_series(5,4);
SELECT a, generate_series(1, a) AS g, unnest(arr) AS u FROM t ORDER BY a;
SELECT a, generate_series(1, a) * 10 AS g10, generate_series(1, a) AS g, unnest(arr) + 1 AS u1 FROM t WHERE a > 0 ORDER BY a;
SELECT a, unnest(arr), generate_series(1, 2) FROM t ORDER BY 1, 3;
SELECT DISTINCT generate_series(1,3) % 2 AS m, generate_series(1,2) AS n ORDER BY 1, 2;
SELECT generate_series(1,4) AS g, unnest(ARRAY['a','b']) AS u LIMIT 3;
SELECT * FROM (SELECT a, generate_series(1, a) AS g, unnest(arr) AS u FROM t) s WHERE u IS NULL ORDER BY a, g;
SELECT jsonb_array_elements('[1,2,3]'::jsonb) AS j, regexp_matches('abcabc', '(b)', 'g') AS r, generate_subscripts(ARRAY[5,6], 1) AS s;
SELECT sum(generate_series(1,3));
SELECT count(*) FILTER (WHERE generate_series(1,2) > 1) FROM t;
SELECT a FROM t GROUP BY a HAVING generate_series(1,2) > 1;
SELECT a FROM t GROUP BY a HAVING sum(a) > generate_series(1,2);
SELECT * FROM t LIMIT generate_series(1,2);
SELECT * FROM t WHERE generate_series(1,2) > 1;
SELECT * FROM generate_series(1, generate_series(1,2));
VALUES (generate_series(1,2));
SELECT generate_series(1,2) AS g, (SELECT 1) AS one, generate_series(1,3) AS h;
SELECT (SELECT 1) AS one, generate_series(1,2) AS g;
SELECT generate_series(1,2) AS g, (SELECT generate_series(1,1)) AS s, unnest(ARRAY[1,2,3]) AS u;

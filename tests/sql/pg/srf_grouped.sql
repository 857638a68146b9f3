-- set-returning functions in the select list of aggregate, grouped and windowed queries:
-- they run above the aggregation, HAVING and the window functions (PostgreSQL's ProjectSet),
-- below DISTINCT, ORDER BY and LIMIT; one in GROUP BY runs below the aggregation
CREATE TABLE srf_g (a int, b int);
INSERT INTO srf_g VALUES (1,10),(1,20),(2,30),(3,40),(3,50),(3,60);
SELECT a, generate_series(1, count(*)::int) FROM srf_g GROUP BY a ORDER BY a;
SELECT a, generate_series(1, count(*)::int) AS g FROM srf_g GROUP BY a HAVING count(*) > 1 ORDER BY a, g DESC;
SELECT a, sum(b), generate_series(1,2) * sum(b) FROM srf_g GROUP BY a ORDER BY 1, 3;
SELECT count(*), generate_series(1,3) FROM srf_g;
SELECT sum(b), generate_series(1,2) FROM srf_g HAVING sum(b) > 1000;
SELECT generate_series(1, sum(b)::int / 100) FROM srf_g;
SELECT max(a), generate_series(1, max(a)) s FROM srf_g ORDER BY s DESC;
SELECT a, array_agg(b ORDER BY b), unnest(array_agg(b ORDER BY b)) FROM srf_g GROUP BY a ORDER BY 1, 3;
SELECT a, generate_series(1,2), generate_series(1, count(*)::int) FROM srf_g GROUP BY a ORDER BY 1, 2, 3;
SELECT a, generate_series(1, 0) FROM srf_g GROUP BY a;
-- DISTINCT, ORDER BY (of the function's output too), LIMIT, OFFSET, WITH TIES
SELECT DISTINCT a % 2 AS m, generate_series(1,2) FROM srf_g GROUP BY a ORDER BY 1, 2;
SELECT DISTINCT generate_series(1, count(*)::int) FROM srf_g GROUP BY a ORDER BY 1;
SELECT a, generate_series(1,2) FROM srf_g GROUP BY a ORDER BY a LIMIT 3;
SELECT a, generate_series(1,2) FROM srf_g GROUP BY a ORDER BY 1 LIMIT 2 OFFSET 1;
SELECT a, generate_series(1,2) FROM srf_g GROUP BY a ORDER BY generate_series(1,2) DESC, a LIMIT 3;
SELECT a, generate_series(1,2) FROM srf_g GROUP BY a ORDER BY a FETCH FIRST 1 ROWS WITH TIES;
SELECT a, count(*) FROM srf_g GROUP BY a ORDER BY generate_series(1, count(*)::int), a;
SELECT a FROM srf_g ORDER BY generate_series(1,2), a LIMIT 4;
-- over a join, a CTE, VALUES
SELECT t.a, generate_series(1, count(*)::int) FROM srf_g t JOIN srf_g t2 USING (a) GROUP BY t.a ORDER BY 1, 2;
WITH w AS (SELECT a FROM srf_g) SELECT a, generate_series(1, count(*)::int) FROM w GROUP BY a ORDER BY 1, 2;
SELECT x, generate_series(1, x) FROM (VALUES (1), (2)) v(x) GROUP BY x ORDER BY 1, 2;
SELECT (SELECT max(x) FROM generate_series(1,3) x), generate_series(1,2), count(*) FROM srf_g;
-- beside window functions, which run first
SELECT a, row_number() OVER (ORDER BY b), generate_series(1,2) FROM srf_g WHERE a < 3 ORDER BY 2, 3;
SELECT a, sum(b) OVER (), generate_series(1,2) FROM srf_g ORDER BY 1, 3 LIMIT 5;
SELECT a, rank() OVER (ORDER BY a), generate_series(1, a) FROM srf_g GROUP BY a ORDER BY 1, 3;
-- in GROUP BY
SELECT count(*) FROM srf_g GROUP BY generate_series(1,2) ORDER BY 1;
SELECT generate_series(1,2) g, count(*) FROM srf_g GROUP BY g ORDER BY 1;
SELECT generate_series(1,2), count(*) FROM srf_g GROUP BY 1 ORDER BY 1;
SELECT generate_series(1, a) x, count(*) FROM srf_g GROUP BY x ORDER BY 1;
SELECT a, generate_series(1,2) FROM srf_g GROUP BY a, generate_series(1,2) ORDER BY 1, 2;
SELECT generate_series(1,3) FROM srf_g GROUP BY generate_series(1,2);
-- errors
SELECT a, generate_series(1, 2) FROM srf_g GROUP BY b;
SELECT a, generate_series(1, 2) FROM srf_g GROUP BY a HAVING generate_series(1,2) > 1;
SELECT sum(generate_series(1,3));
SELECT generate_series(1,2) OVER ();
SELECT a, generate_series(1, 2) FROM srf_g GROUP BY a ORDER BY b;
SELECT a, generate_series(1, 2) FROM srf_g GROUP BY a LIMIT generate_series(1,2);
-- once refused by Sunstone
CREATE TABLE qe12_r (x int);
INSERT INTO qe12_r VALUES (1),(2),(3);
SELECT generate_series(1,3), row_number() OVER ();
SELECT x, generate_series(1,2), sum(x) OVER () FROM qe12_r ORDER BY 1, 2;
SELECT count(*), generate_series(1,3) FROM qe12_r;
SELECT generate_series(1, generate_series(1,3));
SELECT count(*), unnest(ARRAY[1]) FROM qe12_r WHERE false;
SELECT generate_series(1, 2), generate_series(1, generate_series(1, 3));

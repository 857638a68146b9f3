-- Several different set-returning functions in GROUP BY: they run in lockstep below the
-- aggregation (PostgreSQL's ProjectSet), the shorter ones padded with NULL
CREATE TABLE t (a int, b int);
INSERT INTO t VALUES (1,2),(3,4),(0,5);
SELECT generate_series(1,a) + generate_series(1,2) AS g, count(*) FROM t GROUP BY generate_series(1,a) + generate_series(1,2) ORDER BY 1;
SELECT count(*) FROM t GROUP BY generate_series(1,a) + generate_series(1,2) ORDER BY 1;
SELECT generate_series(1,a), generate_series(1,3), count(*) FROM t GROUP BY generate_series(1,a), generate_series(1,3) ORDER BY 1,2;
SELECT count(*), sum(b) FROM t GROUP BY generate_series(1,a), generate_series(1,3) ORDER BY 1, 2;
SELECT generate_series(1,a) + generate_series(1,2) AS g, count(*) FROM t GROUP BY g ORDER BY 1;
SELECT generate_series(1,a) + generate_series(1,2), count(*) FROM t GROUP BY 1 ORDER BY 1;
SELECT (generate_series(1,a) + generate_series(1,2)) * 10 AS x, max(b) FROM t GROUP BY generate_series(1,a) + generate_series(1,2) HAVING count(*) > 1 ORDER BY 1;
SELECT a, generate_series(1,a) * generate_series(0,1) AS p, count(*) FROM t GROUP BY a, generate_series(1,a) * generate_series(0,1) ORDER BY 1, 2;
SELECT generate_series(1, generate_series(1,a)) + generate_series(1,2) AS n, count(*) FROM t GROUP BY 1 ORDER BY 1;
SELECT unnest(ARRAY[a, b]) + generate_series(1,3) AS u, count(*) FROM t GROUP BY 1 ORDER BY 1;
SELECT count(*) FROM t GROUP BY generate_series(1,a) + generate_series(1,2), b ORDER BY 1;
SELECT generate_series(1,2) + generate_series(1,3) AS g, count(*) GROUP BY 1 ORDER BY 1;
SELECT g, count(*) FROM t GROUP BY generate_series(1,a) + generate_series(1,b) AS g;
SELECT generate_series(1,a) + generate_series(1,2) AS g FROM t GROUP BY ROLLUP(1) ORDER BY 1;
SELECT generate_series(1,a) AS g, count(*), GROUPING(generate_series(1,a)) FROM t GROUP BY ROLLUP(generate_series(1,a)) ORDER BY 1;
SELECT generate_series(1,a) AS g, b, count(*) FROM t GROUP BY GROUPING SETS ((generate_series(1,a)), (b), ()) ORDER BY 1, 2;
SELECT generate_series(1,a) AS g, generate_series(1,2) AS h, count(*) FROM t GROUP BY CUBE(1, 2) ORDER BY 1, 2, 3;
SELECT count(*) FROM t GROUP BY sum(a) + generate_series(1,2);
SELECT a, generate_series(1,a), generate_series(1,2), count(*) FROM t GROUP BY a ORDER BY 1,2,3;
SELECT sum(a), generate_series(1,2), generate_series(1,3) FROM t;

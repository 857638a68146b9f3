-- WHERE and HAVING conjuncts run cheapest first, as PostgreSQL's order_qual_clauses: an
-- expression that can fail only sees the rows the cheaper conjuncts passed.
CREATE TABLE t1 (a int4 NOT NULL, c integer, b text, d int8);
INSERT INTO t1 (a, b) VALUES (0, 'x');
SELECT 'Ünïcödé' FROM t1 AS s WHERE (s.c BETWEEN (10 % a) AND 2::smallint) ORDER BY 1;
SELECT 1 FROM t1 WHERE 10 / a > 1 AND c > 1;
SELECT 1 FROM t1 WHERE (10 / a > 1 AND c > 1) AND b = 'y';
SELECT 1 FROM t1 WHERE b::int > 1 AND 10 / a > 1;
SELECT 1 FROM t1 WHERE 10 / a > 1 AND b::int > 1;
SELECT 1 FROM t1 WHERE length(b) / a > 1 AND a + 1 + 1 > 5;
SELECT 1 FROM t1 WHERE (1/0 = 1) AND false;
SELECT 1 FROM t1 WHERE NULL AND (1/0 = 1);
SELECT count(*) FROM t1 GROUP BY a HAVING sum(a) / a > 1 AND max(c) > 1;
SELECT 1 FROM t1 WHERE a::int8 / d > 0 AND d > 0;
DROP TABLE t1;

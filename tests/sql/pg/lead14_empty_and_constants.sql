-- Constant expressions compared unfolded (DISTINCT ON / ORDER BY matching), constant GROUP BY
-- keys folded in HAVING, and joins over a side that yields nothing (difftest seed 2101).
CREATE TABLE t1 (a int NOT NULL, b bigint, c smallint, f float8);
INSERT INTO t1 VALUES (-2147483648, NULL, -32768, 100.25), (1, 2, 3, 4.5);
-- DISTINCT ON items written as constants match the ORDER BY items written the same way
SELECT DISTINCT ON (('Infinity'::float8 < 1), t1.b) ('n')::boolean, t1.b, ('Infinity'::float8 < 1) FROM t1 ORDER BY 3, 2, 1;
SELECT DISTINCT ON ((1 < 2), b) b, (1 < 2) FROM t1 ORDER BY 2, 1;
SELECT DISTINCT ON (b) b, (1 < 2) FROM t1 ORDER BY (1 < 2), 1;
SELECT 'n'::boolean AS x, ('Infinity'::float8 < 1) AS y FROM t1 ORDER BY 'Infinity'::float8 < 1, 1;
-- a constant GROUP BY key stays a constant in HAVING, which then folds to NULL: nothing runs
SELECT 'ab' FROM t1 AS s GROUP BY (NULL)::smallint, (power(s.c, s.f) <> f) HAVING (count(DISTINCT 'a')::text != substr('NaN', 1, (NULL)::smallint));
SELECT count(*) FROM t1 GROUP BY NULL::int HAVING count(*) > NULL::int;
SELECT NULL::int AS k, count(*) FROM t1 GROUP BY 1;
SELECT 1 AS k, count(*) FROM t1 GROUP BY ROLLUP(k) ORDER BY 1;
SELECT 1 + 1 AS k, count(*) FROM t1 GROUP BY k HAVING 1 + 1 > 1;
-- an inner, cross or semi join with a side that yields nothing runs neither side
SELECT 1 FROM (SELECT 0.25::float8 ^ a FROM t1) AS sq(v1) CROSS JOIN (SELECT 2 FROM t1 WHERE (NOT NULL::boolean)) AS sq2(w1) GROUP BY w1, v1;
SELECT v1 FROM (SELECT 0.25::float8 ^ a FROM t1) AS sq(v1) JOIN (SELECT 2 FROM t1 WHERE false) AS sq2(w1) ON true;
SELECT v1 FROM (SELECT 2 FROM t1 WHERE false) AS sq2(w1) JOIN (SELECT 0.25::float8 ^ a FROM t1) AS sq(v1) ON true;
SELECT v1 FROM (SELECT 0.25::float8 ^ a FROM t1 WHERE false) AS sq(v1) LEFT JOIN (SELECT 1 / (a - a) FROM t1) AS sq2(w1) ON true;
SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM t1 AS i WHERE false) AND 1 / (a - a) > 0;
SELECT count(*) FROM (SELECT 0.25::float8 ^ a FROM t1) AS sq(v1) CROSS JOIN (SELECT 1 WHERE false) AS e;
-- ... but not a LEFT join whose nullable side is empty, nor a FULL join with one empty side
SELECT v1 FROM (SELECT 0.25::float8 ^ a FROM t1) AS sq(v1) LEFT JOIN (SELECT 2 FROM t1 WHERE false) AS sq2(w1) ON true;
SELECT a, w1 FROM t1 FULL JOIN (SELECT 2 FROM t1 WHERE false) AS sq2(w1) ON a = w1 ORDER BY 1;
SELECT a, w1 FROM t1 LEFT JOIN (SELECT 2 FROM t1 WHERE false) AS sq2(w1) ON a = w1 ORDER BY 1;
-- a condition without columns is checked once, before any row is read (a gating one-time filter)
SELECT a FROM t1 WHERE (SELECT false) AND 1 / (a - a) > 0;
SELECT a FROM t1 WHERE 1 / (a - a) > 0 AND (SELECT false);
SELECT a FROM t1 WHERE 1 / (a - a) > 0 AND NOT EXISTS (SELECT 1 FROM t1 AS i WHERE i.a > -5);
SELECT x.a FROM t1 AS x JOIN t1 AS y ON x.a = y.a WHERE 1 / (x.a - y.a) > 0 AND (SELECT count(*) FROM t1) > 5;
SELECT a, (SELECT count(*) FROM t1 AS i WHERE i.a < o.a AND (SELECT false)) FROM t1 AS o ORDER BY 1;
SELECT a FROM t1 WHERE (SELECT true) AND a > 0 ORDER BY 1;
SELECT a FROM t1 WHERE random() < 2 AND a > 0 ORDER BY 1;
-- a WHERE over a FROM subquery filters the subquery's input, so rows it rejects are never projected
CREATE TABLE t3 (b integer, d text);
INSERT INTO t3 (b) VALUES (-2147483648);
INSERT INTO t3 VALUES (5, 'z');
SELECT v2 FROM (SELECT d, ((2::smallint)::smallint % abs(b)) FROM t3 WHERE (t3.b <= 2)) AS sq(v1, v2) WHERE (sq.v1 > 'b') ORDER BY 1;
SELECT v2 FROM (SELECT d, abs(b) FROM t3) AS sq(v1, v2) WHERE sq.v1 > 'b' ORDER BY 1;
SELECT v1, v2 FROM (SELECT d, abs(b) FROM t3 WHERE b > 0) AS sq(v1, v2) WHERE v2 > 1 AND v1 LIKE 'z%';
CREATE VIEW t3v AS SELECT d AS v1, abs(b) AS v2 FROM t3;
SELECT * FROM t3v WHERE v1 = 'z';
SELECT s.v2 FROM t1 JOIN (SELECT d, abs(b) FROM t3) AS s(v1, v2) ON s.v1 = 'z' ORDER BY 1;
SELECT count(*) FROM (SELECT d, (SELECT count(*) FROM t3) AS n FROM t3) AS s WHERE n > 1 AND d IS NOT NULL;
SELECT count(*) FROM (SELECT random() AS r, d FROM t3) AS s WHERE r < 2 AND d = 'z';
-- aggregates nothing reads are not computed in a subquery of an expression either
CREATE TABLE t4 (a int2, b varchar(5));
INSERT INTO t4 VALUES (32767, NULL);
WITH w1 AS NOT MATERIALIZED (SELECT b AS v1, min((t4.a + a)) AS v2, sum((- 0.25::float8)) AS v3 FROM t4 GROUP BY 1) SELECT 2::smallint FROM w1 WHERE (w1.v1 <= (SELECT min(z.v1) FROM w1 AS z)) ORDER BY 1;
SELECT (SELECT max(v1) FROM (SELECT b AS v1, sum(a + a) AS v2 FROM t4 GROUP BY b) s) IS NULL;
SELECT (SELECT max(v2) FROM (SELECT b AS v1, sum(a + a) AS v2 FROM t4 GROUP BY b) s);

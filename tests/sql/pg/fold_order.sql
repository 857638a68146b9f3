-- Folding as PostgreSQL's planner does it: AND/OR fold the arguments before a deciding
-- constant (their errors are raised), every expression is folded before a FALSE WHERE/HAVING
-- cuts the plan, and an aggregate that folding left unreferenced is not computed.
SELECT ('ABC' NOT BETWEEN substr('Abc', 10, (-9223372036854775808)::int) AND '-3');
SELECT (length('日本語') BETWEEN ('Infinity'::float8)::integer AND 2);
SELECT false AND (1/0 = 1);
SELECT (1/0 = 1) AND false;
SELECT true OR (1/0 = 1);
SELECT (1/0 = 1) OR true;
SELECT (CASE WHEN NOT true THEN 3::float8 WHEN (2 BETWEEN (2::smallint * (-32768)::smallint) AND 1) THEN 100::float8 WHEN false THEN 2::float8 ELSE (-0.0)::float8 END NOT BETWEEN 0.25::float8 AND 2::float8);
CREATE TABLE t1 (a int4 NOT NULL, b int8, d double precision, c smallint);
INSERT INTO t1 (a, b, d, c) VALUES (0, NULL, 1e308, -32768);
SELECT (NULL <= avg((t1.d + t1.d))) FROM t1 GROUP BY a, b ORDER BY 1;
SELECT NULL::int + sum(1/0) FROM t1;
SELECT 0.2::float8 FROM t1 WHERE false HAVING (NULL::boolean != (avg(((-2.5)::float8 ^ 4294967296)) <> 0::float8));
SELECT CASE 1 WHEN -1 THEN sum((c + c)) ELSE 1 END FROM t1 GROUP BY NULL::int, t1.c ORDER BY 1;
SELECT c FROM t1 AS s GROUP BY (-2147483648)::int2, s.c HAVING false ORDER BY 1;
SELECT d FROM t1 WHERE ((b > -32768::smallint) OR true) ORDER BY 1;
SELECT 1 FROM t1 GROUP BY CAST('Infinity'::float8 AS integer) HAVING NOT true ORDER BY 1;
SELECT 1 FROM t1 HAVING CASE WHEN CASE WHEN NULL::boolean THEN c END THEN true END;
SELECT 1 FROM t1 WHERE NULL::int;
SELECT ('xyz'::varchar NOT ILIKE '\') FROM t1 GROUP BY a, a ORDER BY 1;
SELECT sum(c) + NULL::int, count(*) FROM t1 HAVING max(c) > 0 OR true;
DROP TABLE t1;
CREATE TABLE t0 ();
SELECT 0.2::float8 FROM t0 HAVING (NULL::boolean != (avg(((-2.5)::float8 ^ 4294967296)) <> 0::float8));
DROP TABLE t0;

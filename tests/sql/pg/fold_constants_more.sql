-- More of PostgreSQL's constant folding: AND/OR of constants, IS NULL of an untyped literal,
-- the assignment cast of a constant INSERT ... SELECT item; aggregate errors with their HINT.
SELECT CASE WHEN NOT true THEN 1 WHEN (NULL::boolean AND '1'::boolean) THEN (-2147483648 * 12) ELSE 1 END;
SELECT CASE WHEN (NULL::boolean OR false) THEN 1/0 ELSE 2 END;
SELECT NULL::boolean AND true, NULL::boolean OR false, true AND true, false OR false;
SELECT 'x' IS NULL, NULL IS NULL, 'x' IS NOT NULL, NULL IS NOT NULL;
CREATE TABLE t1 (b int4);
INSERT INTO t1 VALUES (46341);
SELECT sum((b * q.b)) FROM t1 AS q HAVING ('ß' IS NULL);
SELECT 1 FROM t1 WHERE NULL IS NOT NULL AND b / 0 > 1;
SELECT avg(CASE WHEN b > 0 THEN NULL ELSE NULL END) FROM t1;
SELECT min(true), max(b > 0) FROM t1;
SELECT sum(*) FROM t1;
CREATE TABLE t2 (q integer);
DROP TABLE t1;
CREATE TABLE t1 (b int4);
INSERT INTO t2 SELECT 9223372036854775807 FROM t1;
INSERT INTO t2 SELECT 2147483647 + 1 FROM t1;
INSERT INTO t2 (q) SELECT 1e20::float8 FROM t1 WHERE false;
INSERT INTO t2 SELECT b FROM t1;
DROP TABLE t1;
CREATE TABLE t1 (a text, b int8, d int2);
SELECT t1.a FROM t1 WHERE CASE WHEN 'off'::boolean THEN true WHEN ('İ' NOT LIKE 'ǆ') THEN true WHEN CASE -32768::smallint WHEN 10 THEN true WHEN 4294967296 THEN true ELSE (d > -5) END THEN CASE abs(t1.b) WHEN b THEN true ELSE (d <> 12) END ELSE (t1.a > 'a%c') END;

SELECT 'a' NOT LIKE 'b', 'a' NOT ILIKE 'A', NOT ('a' LIKE 'a');
SELECT CASE WHEN 'a' NOT LIKE 'a' THEN 1/0 ELSE 1 END;
SELECT CASE WHEN 'a' NOT LIKE 'b' THEN 1 ELSE 1/0 END;
DROP TABLE t1, t2;

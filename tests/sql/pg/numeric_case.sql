-- A CASE or COALESCE of decimal literals (and no float8 branch) is numeric, as in PostgreSQL:
-- arithmetic, numeric-overloaded functions and aggregates over it compute in numeric; a float8
-- branch or operand makes it float8.
CREATE TABLE t (a bool, x float8, i int);
INSERT INTO t VALUES (true, 2, 3);
SELECT (CASE WHEN 'yes'::boolean THEN 0.25 END / 1);
SELECT (CASE WHEN a THEN 0.25 END / 1) FROM t;
SELECT CASE WHEN a THEN 0.25 END FROM t;
SELECT COALESCE(NULL, 0.5) * 2;
SELECT COALESCE(i, 0.5) * 2 FROM t;
SELECT COALESCE(x, 0.5) * 2 FROM t;
SELECT CASE WHEN a THEN 0.25 ELSE x END * 2 FROM t;
SELECT abs(CASE WHEN a THEN 0.25 END) FROM t;
SELECT sum(CASE WHEN a THEN 0.25 END) FROM t;
SELECT CASE WHEN a THEN 0.25 END = 0.25::float8 FROM t;
SELECT CASE WHEN a THEN 0.5 END + x FROM t;
DROP TABLE t;

-- LIMIT/OFFSET arguments: columns resolve and are then refused (42P10 at the first one),
-- aggregates are not allowed, the type must convert to bigint by assignment.
CREATE TABLE t (a int);
SELECT a FROM t LIMIT a;
SELECT a FROM t OFFSET a + 1;
SELECT a FROM t LIMIT sum(a);
SELECT a FROM t LIMIT 'x';
SELECT a FROM t LIMIT 1.5;
SELECT a FROM t LIMIT true;
SELECT a FROM t LIMIT NULL OFFSET NULL;
SELECT a FROM t LIMIT 2 - 3;
SELECT a FROM t OFFSET -1;
SELECT 1 LIMIT b;
SELECT a FROM t LIMIT t.a;
SELECT a FROM t LIMIT 1 + a + b;
SELECT a FROM t LIMIT 2 OFFSET a - 1;
SELECT a FROM t LIMIT abs(-a);
SELECT a FROM t LIMIT CASE WHEN true THEN 1 ELSE a END;
SELECT a FROM t LIMIT 'x'::text;
DROP TABLE t;

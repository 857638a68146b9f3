-- Folding errors in a FROM subquery's select-list items that nothing above reads: PostgreSQL
-- never folds them (subquery pull-up, remove_unused_subquery_outputs); those read still raise.
CREATE TABLE t1 (a text, b int4);
INSERT INTO t1 VALUES ('x', 1);
SELECT 'ok' FROM (SELECT ('false' LIKE '\') AS v1 FROM t1 WHERE false) AS sq;
SELECT 'ok' FROM (SELECT ('false' LIKE '\') AS v1, b FROM t1) AS sq;
SELECT b FROM (SELECT ('abc' || 'def')::smallint AS v1, b FROM t1 WHERE b > 0) AS sq ORDER BY 1;
SELECT 1.5::float8 FROM (SELECT ('x' || 'y')::smallint AS v1, (b)::varchar(2) AS v2 FROM t1) AS sq GROUP BY v2, v2;
SELECT count(*) FROM (SELECT COALESCE((1e300::float8)::bigint, 1) FROM t1 WHERE a <> 'z') AS sq(v1);
SELECT v2 FROM (SELECT b, (1e300::float8)::bigint FROM t1) AS sq(v2, v3);
-- read above: the error stays
SELECT v1 FROM (SELECT ('false' LIKE '\') AS v1 FROM t1 WHERE false) AS sq;
SELECT count(v1) FROM (SELECT (1e300::float8)::bigint AS v1, b FROM t1) AS sq;
SELECT 'ok' FROM (SELECT v1 FROM (SELECT 1/0 AS v1, b FROM t1) AS s0) AS sq;
SELECT 'ok' FROM (SELECT v1 FROM (SELECT 1/0 AS v1, b FROM t1) AS s0) AS sq WHERE v1 > 0;
-- DISTINCT keeps every item; so does a set operation
SELECT 'ok' FROM (SELECT DISTINCT 1/0 AS v1, b FROM t1) AS sq;
SELECT 'ok' FROM (SELECT 1/0 AS v1 FROM t1 UNION ALL SELECT 1 FROM t1) AS sq;
-- the top-level select list and WHERE are always folded
SELECT 1/0 FROM t1 WHERE false;
SELECT b FROM t1 WHERE 1/0 = 1 AND false;
DROP TABLE t1;

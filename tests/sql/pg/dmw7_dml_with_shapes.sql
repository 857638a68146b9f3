-- WITH on INSERT / UPDATE / DELETE that was refused before data-modifying WITH queries and
-- INSERT's two WITH clauses were done (formerly cte9_dml_with_refused)
CREATE TABLE t (a int PRIMARY KEY, b text);
INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c');
-- data-modifying statements in WITH
WITH d AS (DELETE FROM t WHERE a = 1 RETURNING *) SELECT * FROM d;
WITH u AS (UPDATE t SET b = 'q' WHERE a = 3 RETURNING a, b) INSERT INTO t SELECT a + 100, b FROM u;
WITH i AS (INSERT INTO t VALUES (7, 'i') RETURNING a) DELETE FROM t WHERE a IN (SELECT a FROM i);
SELECT * FROM t WHERE a IN (SELECT a FROM (WITH d AS (DELETE FROM t RETURNING a) SELECT a FROM d) s);
-- mixed WITH RECURSIVE and WITH on one INSERT, one name in both
WITH RECURSIVE x AS (SELECT 1 AS k) INSERT INTO t WITH y AS (SELECT k + 10 AS k FROM x) SELECT k, 'm' FROM y;
WITH x AS (SELECT 1 AS k) INSERT INTO t WITH x AS (SELECT 20 AS k) SELECT k, 'm' FROM x;
SELECT * FROM t ORDER BY a;
-- the outer RECURSIVE and the query's own plain WITH, the query's own name hiding the outer one
WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) INSERT INTO t WITH s AS (SELECT n + 30 AS n FROM r) SELECT n, 'r' FROM s RETURNING *;
WITH x AS (SELECT 40 AS k) INSERT INTO t WITH x AS (SELECT k + 1 AS k FROM x) SELECT k, 'x' FROM x RETURNING *, (SELECT k FROM x);
WITH x AS (SELECT 50 AS k) INSERT INTO t WITH RECURSIVE y(k) AS (SELECT k FROM x UNION ALL SELECT k + 1 FROM y WHERE k < 51) SELECT k, 'y' FROM y RETURNING *;
SELECT * FROM t ORDER BY a;
DROP TABLE t;

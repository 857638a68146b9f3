-- A WITH query named like the target table: the target is always the table
CREATE TABLE t (a int PRIMARY KEY, b text);
INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c');
WITH t AS (SELECT 1 AS k) DELETE FROM t WHERE a IN (SELECT k FROM t) RETURNING *;
WITH t AS (SELECT 3 AS k) UPDATE t SET b = 'x' FROM t AS w WHERE t.a = w.k RETURNING t.*, w.k;
WITH t AS (SELECT 2 AS k) UPDATE t SET b = 'y' WHERE a = (SELECT k FROM t) RETURNING a, b, (SELECT k FROM t);
WITH t AS (SELECT 9 AS k) INSERT INTO t SELECT k, 'r' FROM t RETURNING a, (SELECT count(*) FROM t) AS n;
WITH t AS (SELECT 9 AS k, 'conf' AS v) INSERT INTO t SELECT k, v FROM t
  ON CONFLICT (a) DO UPDATE SET b = t.b || excluded.b || (SELECT count(*) FROM t) RETURNING *;
WITH excluded AS (SELECT 'e' AS v) INSERT INTO t VALUES (2, 'z')
  ON CONFLICT (a) DO UPDATE SET b = excluded.b || (SELECT v FROM excluded) RETURNING *;
SELECT * FROM t ORDER BY a;
DROP TABLE t;

-- WITH queries reading the table the statement changes: they see the rows as they were
CREATE TABLE s (a int PRIMARY KEY, b int NOT NULL CHECK (b >= 0));
INSERT INTO s SELECT g, g * 10 FROM generate_series(1, 5) g;
WITH old AS (SELECT a FROM s WHERE a <= 3) UPDATE s SET a = a + 10 WHERE a IN (SELECT a FROM old);
SELECT * FROM s ORDER BY a;
WITH total AS (SELECT sum(b) AS t FROM s) INSERT INTO s SELECT 100, t FROM total RETURNING *;
WITH m AS MATERIALIZED (SELECT max(a) AS m FROM s) INSERT INTO s SELECT m + g, 0 FROM m, generate_series(1, 3) g;
SELECT count(*), max(a) FROM s;
WITH big AS (SELECT a FROM s WHERE b >= 100) DELETE FROM s WHERE a IN (SELECT a FROM big) RETURNING a, b;
-- a failing statement leaves nothing behind
WITH x AS (SELECT a FROM s) UPDATE s SET b = b - 45 WHERE a IN (SELECT a FROM x);
SELECT * FROM s ORDER BY a;
-- in a transaction, rolled back
BEGIN;
WITH x AS (SELECT 4 AS k) DELETE FROM s WHERE a = (SELECT k FROM x);
SELECT count(*) FROM s;
ROLLBACK;
SELECT count(*) FROM s;
-- a schema-qualified target and a WITH query of its name
WITH s AS (SELECT 5 AS a) DELETE FROM public.s WHERE a IN (SELECT a FROM s) RETURNING *;
SELECT * FROM s ORDER BY a;
DROP TABLE s;

-- q7 sweep: a volatile WITH query of an INSERT read by its query and by RETURNING / ON CONFLICT is computed once
CREATE SEQUENCE sq;
CREATE TABLE t (a int PRIMARY KEY, b int);
WITH w AS (SELECT nextval('sq') AS n) INSERT INTO t SELECT n, 0 FROM w RETURNING a, (SELECT n FROM w);
WITH w(m) AS (SELECT nextval('sq')) INSERT INTO t VALUES ((SELECT m FROM w), 1) RETURNING a, (SELECT m FROM w) AS again;
WITH w AS (SELECT nextval('sq') AS n FROM generate_series(1, 3)) INSERT INTO t SELECT n, 2 FROM w RETURNING a, (SELECT array_agg(n ORDER BY n) FROM w);
WITH w AS (SELECT nextval('sq') AS n), v AS (SELECT n * 10 AS k FROM w) INSERT INTO t SELECT k, 3 FROM v RETURNING a, (SELECT n FROM w), (SELECT k FROM v);
WITH w AS (SELECT nextval('sq') AS n) INSERT INTO t VALUES (100, 4) RETURNING a;
SELECT currval('sq');
WITH w AS (SELECT nextval('sq') AS n) INSERT INTO t SELECT 1, 5 FROM w ON CONFLICT (a) DO UPDATE SET b = (SELECT n FROM w) RETURNING a, b, (SELECT n FROM w);
WITH w AS (SELECT random() AS r) INSERT INTO t SELECT 200, (r * 0)::int FROM w RETURNING a, (SELECT r FROM w) = (SELECT r FROM w) AS same;
WITH w AS (SELECT nextval('sq') AS n) INSERT INTO t SELECT n, 6 FROM w WHERE n > 1000 RETURNING a, (SELECT n FROM w);
SELECT currval('sq');
SELECT * FROM t ORDER BY a;

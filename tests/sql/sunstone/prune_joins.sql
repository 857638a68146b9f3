-- projection pruning through joins: each scan reads only the columns some operator above
-- reads (EXPLAIN shows how many), through a subquery, a view, an inlined CTE and joins below
-- joins; a materialized CTE's query and UNION ALL branches compute the columns read above
-- them (plain columns only: an expression that could fail is computed, as PostgreSQL does)
CREATE TABLE pw1 (a int, b int, c int, d int, e int, f int);
CREATE TABLE pw2 (a int, b int, c int, d int, e int, f int);
INSERT INTO pw1 SELECT g, g, g, g, g, g FROM generate_series(1, 100) g;
INSERT INTO pw2 SELECT g, g * 10, g, g, g, g FROM generate_series(1, 10) g;
CREATE VIEW pv AS SELECT * FROM pw1;
EXPLAIN SELECT pw1.b, pw2.c FROM pw1 JOIN pw2 ON pw1.a = pw2.a;
EXPLAIN SELECT s.b, pw2.c FROM (SELECT * FROM pw1) s JOIN pw2 ON s.a = pw2.a;
EXPLAIN SELECT pv.b, pw2.c FROM pv JOIN pw2 ON pv.a = pw2.a;
EXPLAIN WITH c AS (SELECT * FROM pw1) SELECT c.b, pw2.c FROM c JOIN pw2 ON c.a = pw2.a;
EXPLAIN WITH c AS MATERIALIZED (SELECT * FROM pw1) SELECT c.b, pw2.c FROM c JOIN pw2 ON c.a = pw2.a;
EXPLAIN WITH c AS MATERIALIZED (SELECT * FROM pw1) SELECT x.b, y.d FROM c x JOIN c y ON x.a = y.a;
EXPLAIN SELECT u.b, pw2.c FROM (SELECT * FROM pw1 UNION ALL SELECT * FROM pw2) u JOIN pw2 ON u.a = pw2.a;
EXPLAIN SELECT u.b FROM (SELECT * FROM pw1 UNION SELECT * FROM pw2) u;
EXPLAIN SELECT x.b FROM (SELECT pw1.*, pw2.f AS f2 FROM pw1 JOIN pw2 ON pw1.a = pw2.a) x JOIN pw2 ON x.c = pw2.c;
-- the answers
SELECT c.b, pw2.b FROM (WITH c AS MATERIALIZED (SELECT * FROM pw1) SELECT * FROM c) c JOIN pw2 ON c.a = pw2.a ORDER BY 1 LIMIT 3;
WITH c AS MATERIALIZED (SELECT * FROM pw1) SELECT x.b, y.d FROM c x JOIN c y ON x.a = y.a ORDER BY 1 LIMIT 3;
SELECT u.b, pw2.c FROM (SELECT * FROM pw1 UNION ALL SELECT * FROM pw2) u JOIN pw2 ON u.a = pw2.a ORDER BY 1, 2 LIMIT 4;
SELECT count(*), sum(u.b) FROM (SELECT a, b FROM pw1 UNION ALL (SELECT a, b FROM pw2 UNION ALL SELECT f, e FROM pw1)) u;

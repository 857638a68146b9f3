-- pg_get_viewdef / \d+ of the view forms PostgreSQL's ruleutils prints: column aliases in
-- FROM, DISTINCT ON, NATURAL joins and * over USING, GROUPING SETS / ROLLUP / CUBE and
-- GROUPING(), WINDOW clauses and OVER name / OVER (name ...), frames,
-- VALUES (in FROM and as the query), generate_series in FROM (WITH ORDINALITY), LATERAL,
-- row comparisons and IS DISTINCT FROM of rows.
CREATE TABLE vf (a int, b text, c int);
INSERT INTO vf VALUES (1, 'x', 10), (1, 'y', 20), (2, 'x', 30), (3, NULL, 40);
CREATE TABLE vf2 (a int, d text);
INSERT INTO vf2 VALUES (1, 'one'), (2, 'two');
-- column aliases
CREATE VIEW vf_alias AS SELECT x.p, x.q FROM vf AS x(p, q);
SELECT pg_get_viewdef('vf_alias');
SELECT * FROM vf_alias ORDER BY 1, 2;
CREATE VIEW vf_alias2 AS SELECT * FROM vf AS x(p);
SELECT pg_get_viewdef('vf_alias2');
CREATE VIEW vf_alias3 AS SELECT x.a FROM vf AS x(a, b);
SELECT pg_get_viewdef('vf_alias3');
CREATE VIEW vf_alias4 AS SELECT s.m, s.n FROM (SELECT a, c FROM vf) s(m, n) WHERE s.n > 15;
SELECT pg_get_viewdef('vf_alias4');
-- DISTINCT ON
CREATE VIEW vf_don AS SELECT DISTINCT ON (a) a, b FROM vf ORDER BY a, b;
SELECT pg_get_viewdef('vf_don');
SELECT * FROM vf_don;
CREATE VIEW vf_don2 AS SELECT DISTINCT ON (a, c + 1) b FROM vf ORDER BY a, c + 1, b;
SELECT pg_get_viewdef('vf_don2');
CREATE VIEW vf_don3 AS SELECT DISTINCT ON (b) a FROM vf;
SELECT pg_get_viewdef('vf_don3');
-- NATURAL joins, * over USING
CREATE VIEW vf_nat AS SELECT * FROM vf NATURAL JOIN vf2;
SELECT pg_get_viewdef('vf_nat');
SELECT * FROM vf_nat ORDER BY 1, 2;
CREATE VIEW vf_nat2 AS SELECT vf.b, vf2.d FROM vf NATURAL LEFT JOIN vf2;
SELECT pg_get_viewdef('vf_nat2');
CREATE VIEW vf_nat3 AS SELECT * FROM vf x(p, q, r) NATURAL JOIN vf2;
SELECT pg_get_viewdef('vf_nat3');
CREATE VIEW vf_nat4 AS SELECT x.p, vf2.d FROM vf x(p, q, r) NATURAL LEFT JOIN vf2;
SELECT pg_get_viewdef('vf_nat4');
CREATE VIEW vf_using AS SELECT * FROM vf JOIN vf2 USING (a);
SELECT pg_get_viewdef('vf_using');
CREATE VIEW vf_using2 AS SELECT * FROM vf RIGHT JOIN vf2 USING (a);
SELECT pg_get_viewdef('vf_using2');
-- grouping sets
CREATE VIEW vf_gs AS SELECT a, b, grouping(a, b), sum(c) FROM vf GROUP BY GROUPING SETS (a, b);
SELECT pg_get_viewdef('vf_gs');
SELECT * FROM vf_gs ORDER BY 1, 2;
CREATE VIEW vf_gs2 AS SELECT a, count(*) FROM vf GROUP BY ROLLUP (a), CUBE (b, c), GROUPING SETS ((a), (a, b), ());
SELECT pg_get_viewdef('vf_gs2');
CREATE VIEW vf_gs3 AS SELECT a, b, count(*) FROM vf GROUP BY a, ROLLUP (b);
SELECT pg_get_viewdef('vf_gs3');
CREATE VIEW vf_gs4 AS SELECT a, b, count(*) FROM vf GROUP BY ROLLUP ((a, b)), CUBE (a, (b, c));
SELECT pg_get_viewdef('vf_gs4');
CREATE VIEW vf_gs5 AS SELECT a, c FROM vf GROUP BY (a, c);
SELECT pg_get_viewdef('vf_gs5');
-- windows
CREATE VIEW vf_win AS SELECT a, sum(c) OVER w, rank() OVER (w ORDER BY b) FROM vf
  WINDOW w AS (PARTITION BY a), w2 AS (ORDER BY c ROWS BETWEEN 1 PRECEDING AND CURRENT ROW);
SELECT pg_get_viewdef('vf_win');
SELECT * FROM vf_win ORDER BY 1, 2, 3;
CREATE VIEW vf_win2 AS SELECT a, sum(c) OVER (ORDER BY b ROWS BETWEEN UNBOUNDED PRECEDING AND 2 FOLLOWING EXCLUDE TIES) s FROM vf;
SELECT pg_get_viewdef('vf_win2');
CREATE VIEW vf_win3 AS SELECT a, count(*) OVER (PARTITION BY a) FROM vf WINDOW w AS (PARTITION BY a);
SELECT pg_get_viewdef('vf_win3');
CREATE VIEW vf_win4 AS SELECT row_number() OVER w FROM vf WINDOW w AS (ORDER BY a RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING);
SELECT pg_get_viewdef('vf_win4');
-- VALUES
CREATE VIEW vf_val AS SELECT * FROM (VALUES (1, 'a'), (2, NULL)) v(x, y);
SELECT pg_get_viewdef('vf_val');
SELECT * FROM vf_val;
CREATE VIEW vf_val2 AS VALUES (1, 'a'), (2, 'b');
SELECT pg_get_viewdef('vf_val2');
\d+ vf_val2
CREATE VIEW vf_val4 AS SELECT * FROM (VALUES (1, 2.5::float8), (2.5, 3)) v(p, q);
SELECT pg_get_viewdef('vf_val4');
SELECT * FROM vf_val4;
CREATE VIEW vf_val5 AS VALUES (1::bigint), (2);
SELECT pg_get_viewdef('vf_val5');
CREATE VIEW vf_val3 AS SELECT v.column1 FROM (VALUES (1), (2)) v;
SELECT pg_get_viewdef('vf_val3');
-- generate_series in FROM
CREATE VIEW vf_fn AS SELECT * FROM generate_series(1, 3) WITH ORDINALITY g(x, o);
SELECT pg_get_viewdef('vf_fn');
SELECT * FROM vf_fn;
CREATE VIEW vf_fn2 AS SELECT g FROM generate_series(1, 5, 2) g;
SELECT pg_get_viewdef('vf_fn2');
CREATE VIEW vf_fn3 AS SELECT generate_series FROM generate_series(1::bigint, 2);
SELECT pg_get_viewdef('vf_fn3');
-- WITH RECURSIVE, and the names PostgreSQL makes unique across query levels
CREATE VIEW vf_rec AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT n FROM r;
SELECT pg_get_viewdef('vf_rec');
SELECT * FROM vf_rec;
CREATE VIEW vf_rec2 AS WITH RECURSIVE t AS (SELECT a, c FROM vf WHERE a = 1 UNION SELECT vf.a, vf.c FROM vf JOIN t ON vf.a = t.a + 1) SELECT t.a, t.c FROM t;
SELECT pg_get_viewdef('vf_rec2');
SELECT * FROM vf_rec2 ORDER BY 1, 2;
CREATE VIEW vf_uniq AS SELECT vf.a FROM vf WHERE EXISTS (SELECT 1 FROM vf WHERE vf.c > 25) AND vf.a IN (SELECT x.a FROM vf2 x);
SELECT pg_get_viewdef('vf_uniq');
CREATE VIEW vf_uniq2 AS SELECT s.a, vf.c FROM (SELECT vf.a FROM vf) s, vf WHERE s.a = vf.a;
SELECT pg_get_viewdef('vf_uniq2');
-- LATERAL (a function in FROM reading the items to its left is LATERAL without the keyword)
CREATE VIEW vf_fnl AS SELECT g FROM vf2, generate_series(1, vf2.a) g;
SELECT pg_get_viewdef('vf_fnl');
SELECT * FROM vf_fnl ORDER BY 1;
DROP VIEW vf_fnl;
CREATE VIEW vf_lat AS SELECT vf2.a, l.m FROM vf2, LATERAL (SELECT max(x.c) m FROM vf x WHERE x.a = vf2.a) l;
SELECT pg_get_viewdef('vf_lat');
SELECT * FROM vf_lat ORDER BY 1;
-- rows
CREATE VIEW vf_row AS SELECT a FROM vf WHERE (a, c) IS DISTINCT FROM (1, 10) AND ROW(a, b) <> ROW(3, 'z');
SELECT pg_get_viewdef('vf_row');
SELECT * FROM vf_row ORDER BY 1;
CREATE VIEW vf_row2 AS SELECT a FROM vf WHERE (a, c) IS NOT DISTINCT FROM (1, 10) OR (a, b) = (2, 'x');
SELECT pg_get_viewdef('vf_row2', true);
-- the views follow a rename of what they read
DROP VIEW vf_nat, vf_nat2, vf_nat3, vf_nat4, vf_using, vf_using2;
ALTER TABLE vf RENAME COLUMN a TO aa;
SELECT pg_get_viewdef('vf_alias');
SELECT pg_get_viewdef('vf_don');
SELECT pg_get_viewdef('vf_gs3');
SELECT pg_get_viewdef('vf_win');
DROP TABLE vf, vf2 CASCADE;

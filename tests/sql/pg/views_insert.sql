-- INSERT into automatically updatable views (PostgreSQL's rules), and the errors for the others
CREATE TABLE vt (a int NOT NULL, b text, c numeric);
CREATE VIEW v1 AS SELECT a, b FROM vt;
INSERT INTO v1 VALUES (1, 'one');
INSERT INTO v1 (b, a) VALUES ('two', 2), ('three', 3);
INSERT INTO v1 (a) VALUES (4);
INSERT INTO v1 VALUES (5);
INSERT INTO v1 SELECT a + 10, b || '!' FROM vt WHERE a <= 2;
SELECT * FROM vt ORDER BY a;
-- a base column not in the view gets NULL; NOT NULL still applies
INSERT INTO v1 (b) VALUES ('no a');
-- a WHERE does not block INSERT (rows outside it go in)
CREATE VIEW vw AS SELECT a AS x, c FROM vt WHERE a > 100;
INSERT INTO vw VALUES (7, 7.5);
SELECT * FROM vt WHERE a = 7;
SELECT * FROM vw;
-- renamed columns, *, qualified references, column aliases in FROM
CREATE VIEW vr (p, q) AS SELECT t.b, t.a FROM vt t;
INSERT INTO vr VALUES ('eight', 8);
CREATE VIEW vs AS SELECT * FROM vt;
INSERT INTO vs VALUES (9, 'nine', 9.9);
CREATE VIEW va AS SELECT z, y FROM vt AS t(z, y);
INSERT INTO va VALUES (10, 'ten');
SELECT * FROM vt WHERE a BETWEEN 8 AND 10 ORDER BY a;
-- views over views
CREATE VIEW vv AS SELECT b AS bb, a AS aa FROM v1 WHERE a > 0;
INSERT INTO vv VALUES ('eleven', 11);
INSERT INTO vv (aa) SELECT 12;
SELECT * FROM vt WHERE a IN (11, 12) ORDER BY a;
-- types: assignment casts to the view's columns
INSERT INTO v1 VALUES ('13', 13);
INSERT INTO v1 VALUES (true, 'x');
-- column errors
INSERT INTO v1 (nope) VALUES (1);
INSERT INTO v1 VALUES (1, 'x', 3);
-- columns that are not base columns
CREATE VIEW ve AS SELECT a, a * 2 AS twice, 'k' AS k, b FROM vt;
INSERT INTO ve (a, b) VALUES (14, 'fourteen');
INSERT INTO ve VALUES (15);
INSERT INTO ve VALUES (16, 32);
INSERT INTO ve (a, k) VALUES (17, 'k');
CREATE VIEW vve AS SELECT twice, a FROM ve;
INSERT INTO vve (a) VALUES (18);
INSERT INTO vve VALUES (36, 18);
SELECT * FROM ve WHERE a >= 14 ORDER BY a;
-- views that are not automatically updatable
CREATE VIEW vd AS SELECT DISTINCT a FROM vt;
INSERT INTO vd VALUES (1);
CREATE VIEW vdo AS SELECT DISTINCT ON (a) a, b FROM vt;
INSERT INTO vdo VALUES (1, 'x');
CREATE VIEW vg AS SELECT a FROM vt GROUP BY a;
INSERT INTO vg VALUES (1);
CREATE VIEW vh AS SELECT 1 AS a FROM vt HAVING count(*) > 0;
INSERT INTO vh VALUES (1);
CREATE VIEW vu AS SELECT a FROM vt UNION SELECT a FROM vt;
INSERT INTO vu VALUES (1);
CREATE VIEW vc AS WITH w AS (SELECT a FROM vt) SELECT a FROM w;
INSERT INTO vc VALUES (1);
CREATE VIEW vl AS SELECT a FROM vt LIMIT 5;
INSERT INTO vl VALUES (1);
CREATE VIEW vo AS SELECT a FROM vt OFFSET 1;
INSERT INTO vo VALUES (1);
CREATE VIEW vagg AS SELECT count(*) AS n FROM vt;
INSERT INTO vagg VALUES (1);
CREATE VIEW vsrf AS SELECT a, generate_series(1, 2) AS g FROM vt;
INSERT INTO vsrf (a) VALUES (1);
CREATE VIEW vj AS SELECT x.a FROM vt x JOIN vt y ON x.a = y.a;
INSERT INTO vj VALUES (1);
CREATE VIEW vcomma AS SELECT x.a FROM vt x, vt y;
INSERT INTO vcomma VALUES (1);
CREATE VIEW vnofrom AS SELECT 1 AS a;
INSERT INTO vnofrom VALUES (1);
CREATE VIEW vsub AS SELECT a FROM (SELECT a FROM vt) s;
INSERT INTO vsub VALUES (1);
CREATE VIEW vvd AS SELECT a FROM vd;
INSERT INTO vvd VALUES (1);
-- the error is raised even when no row would be inserted
INSERT INTO vg SELECT 1 WHERE false;
-- the same base column twice
CREATE VIEW vtwice AS SELECT a, a AS a2 FROM vt;
INSERT INTO vtwice (a) VALUES (19);
INSERT INTO vtwice VALUES (20, 20);
-- sources of every shape: a set operation, VALUES with ORDER BY, the view itself
CREATE TABLE vt2 (a int, b int);
CREATE VIEW vx AS SELECT b AS a, a AS b FROM vt2;
INSERT INTO vx SELECT 5, 6 UNION ALL SELECT 7, 8;
INSERT INTO vx VALUES (9, 10) ORDER BY 1;
INSERT INTO vx (a) SELECT b FROM vx;
SELECT * FROM vt2 ORDER BY a, b;
SELECT * FROM vx ORDER BY a, b;
SELECT count(*) FROM vt;
-- a view that reaches itself through another
CREATE VIEW vr1 AS SELECT a FROM vt;
CREATE VIEW vr2 AS SELECT * FROM vr1;
CREATE OR REPLACE VIEW vr1 AS SELECT * FROM vr2;
INSERT INTO vr1 VALUES (1);
INSERT INTO vr2 VALUES (1);

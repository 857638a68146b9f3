-- views: CREATE [OR REPLACE] VIEW, use wherever a table is, DROP VIEW, dependencies and CASCADE
CREATE TABLE vt (a int, b text);
INSERT INTO vt VALUES (1, 'x'), (2, 'y'), (3, 'z');
CREATE VIEW v AS SELECT a, b FROM vt WHERE a > 1;
SELECT * FROM v ORDER BY a;
CREATE VIEW w (x, y) AS SELECT * FROM v;
SELECT * FROM w ORDER BY x;
SELECT y FROM w WHERE x = 3;
CREATE VIEW w2 AS SELECT x FROM w;
-- in joins, subqueries, set operations and WITH
SELECT vt.a, v.b FROM vt JOIN v ON vt.a = v.a ORDER BY 1;
SELECT * FROM (SELECT b FROM v) s ORDER BY b;
SELECT a FROM v UNION ALL SELECT a FROM vt ORDER BY 1;
WITH q AS (SELECT * FROM w) SELECT count(*) FROM q;
SELECT v1.a, v2.a FROM v v1, v v2 WHERE v1.a < v2.a;
SELECT count(*), max(b) FROM v;
-- a view reads the current rows of its tables
INSERT INTO vt VALUES (4, 'w');
SELECT * FROM w2 ORDER BY x;
-- columns fixed at creation: names, types, unknown literals as text
CREATE VIEW vu AS SELECT 'lit' AS l, 1 + 1, a * 2 AS twice FROM vt;
SELECT * FROM vu ORDER BY twice;
SELECT l || '!' FROM vu LIMIT 1;
-- OR REPLACE may add columns at the end only
CREATE OR REPLACE VIEW v AS SELECT a, b, a * 10 AS c FROM vt WHERE a > 1;
SELECT * FROM v ORDER BY a;
SELECT * FROM w ORDER BY x;
CREATE OR REPLACE VIEW v AS SELECT a, b FROM vt;
CREATE OR REPLACE VIEW v AS SELECT a AS z, b, a * 10 AS c FROM vt;
CREATE OR REPLACE VIEW v AS SELECT a::bigint, b, a * 10 AS c FROM vt;
CREATE OR REPLACE VIEW vt AS SELECT 1;
CREATE OR REPLACE VIEW nv AS SELECT 1 AS one;
SELECT * FROM nv;
-- errors at creation
CREATE VIEW v AS SELECT 1;
CREATE TABLE v (a int);
CREATE VIEW v3 (a, b, c) AS SELECT 1, 2;
CREATE VIEW v4 AS SELECT 1 AS a, 2 AS a;
CREATE VIEW v5 AS SELECT $1;
CREATE VIEW v6 AS SELECT nocol FROM vt;
CREATE VIEW v7 AS SELECT * FROM nosuch;
-- dependencies
DROP TABLE vt;
DROP VIEW v;
DROP VIEW v RESTRICT;
DROP TABLE v;
DROP VIEW vt;
DROP VIEW nosuch;
DROP VIEW IF EXISTS nosuch, w2;
SELECT * FROM w2;
DROP VIEW nv, nv;
DROP VIEW v CASCADE;
SELECT * FROM w;
DROP TABLE vt CASCADE;
SELECT * FROM vu;
SELECT * FROM v;
-- CASCADE without dependents, and several dependents
CREATE TABLE t2 (a int);
DROP TABLE t2 CASCADE;
CREATE TABLE t3 (a int);
CREATE VIEW v8 AS SELECT * FROM t3;
INSERT INTO t3 VALUES (7);
CREATE VIEW v9 AS SELECT a + 1 AS b FROM t3;
SELECT v8.a, v9.b FROM v8, v9;
CREATE VIEW v10 AS SELECT * FROM v8;
DROP TABLE t3;
DROP VIEW v8;
DROP TABLE t3 CASCADE;
DROP VIEW nv;
SELECT * FROM nv;
-- a view that reaches itself through another
CREATE VIEW r1 AS SELECT 1 AS a;
CREATE VIEW r2 AS SELECT * FROM r1;
CREATE OR REPLACE VIEW r1 AS SELECT * FROM r2;
SELECT * FROM r1;
DROP VIEW r1 CASCADE;
-- INSERT into a view
CREATE TABLE t5 (a int);
CREATE VIEW v11 AS SELECT a FROM t5;
SELECT * FROM v11;

-- INSERT through automatically updatable views: the base table's column defaults apply to
-- the columns the INSERT leaves out and to those it gives DEFAULT (a view's own defaults,
-- ALTER VIEW ... SET DEFAULT, are not covered here)
CREATE TABLE vt (id serial, a int, b text DEFAULT 'tb', c int DEFAULT 7, d numeric);
CREATE VIEW vv AS SELECT id, a, b, c FROM vt;
CREATE VIEW vv2 AS SELECT c AS cc, a AS aa, b FROM vv WHERE a > 0;
INSERT INTO vv (a) VALUES (1);
INSERT INTO vv VALUES (DEFAULT, 2, DEFAULT, DEFAULT);
INSERT INTO vv (a, c) VALUES (3, DEFAULT), (4, 40);
INSERT INTO vv DEFAULT VALUES;
INSERT INTO vv (a, b) SELECT g, 'sel' FROM generate_series(5, 6) g;
INSERT INTO vv (c, a) SELECT 70, 7;
INSERT INTO vv2 (aa) VALUES (8);
INSERT INTO vv2 VALUES (DEFAULT, 9, DEFAULT);
INSERT INTO vv2 (b, aa) VALUES ('v2', 10);
INSERT INTO vv (a) VALUES (11);
SELECT * FROM vt ORDER BY id;
SELECT * FROM vv2 ORDER BY aa;
DROP VIEW vv2;
DROP VIEW vv;
DROP TABLE vt;

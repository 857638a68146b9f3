CREATE TABLE t (id serial PRIMARY KEY, a int DEFAULT 7, b text);
INSERT INTO t (b) VALUES ('x') RETURNING *;
INSERT INTO t (a, b) VALUES (1, 'y'), (2, 'z') RETURNING id, a + 1 AS a1, b;
INSERT INTO t AS x DEFAULT VALUES RETURNING x.*, 'lit';
INSERT INTO t (a, b) SELECT a * 10, b || '!' FROM t WHERE a < 5 RETURNING t.id, (SELECT count(*) FROM t) AS cnt;
UPDATE t SET a = a + 100 WHERE id <= 2 RETURNING *, a - 100 AS old_a;
CREATE TABLE u (id int, label text);
INSERT INTO u VALUES (3, 'three'), (4, 'four');
UPDATE t SET b = u.label FROM u WHERE u.id = t.id RETURNING t.id, t.b, u.*;
DELETE FROM t USING u WHERE t.id = u.id + 1 AND u.id = 4 RETURNING t.*, u.label;
DELETE FROM t WHERE id = 1 RETURNING id;
DELETE FROM t WHERE id = 999 RETURNING id;
INSERT INTO t (a) VALUES (1) RETURNING nosuch;
INSERT INTO t (a) VALUES (1) RETURNING u.id;
UPDATE t SET a = 1 RETURNING nosuch.x;
INSERT INTO t (a) VALUES (1) RETURNING sum(a);
SELECT * FROM t ORDER BY id;
-- prepared statements and parameters
PREPARE ins(int, text) AS INSERT INTO t (a, b) VALUES ($1, $2) RETURNING id, b || $2 AS bb;
EXECUTE ins(42, 'p');
EXECUTE ins(43, 'q');
PREPARE upd(int) AS UPDATE t SET a = a + $1 WHERE a >= 42 RETURNING a;
EXECUTE upd(1);
-- RETURNING in a transaction that rolls back
BEGIN;
DELETE FROM t RETURNING id;
ROLLBACK;
SELECT count(*) FROM t;
-- identity columns and a CHECK failure
CREATE TABLE g (id int GENERATED ALWAYS AS IDENTITY, v numeric CHECK (v > 0), d date DEFAULT '2020-01-01');
INSERT INTO g (v) VALUES (1.5), (2) RETURNING *;
INSERT INTO g (v) VALUES (-1) RETURNING *;
INSERT INTO g (v) VALUES (3) RETURNING id, v * 2, d + 1;
UPDATE g SET v = -v WHERE id = 1 RETURNING *;
UPDATE g SET v = v + 1 RETURNING g.id AS gid, v, NULL AS n, 'x' AS s;
DELETE FROM g WHERE v > 100 RETURNING *;
DELETE FROM g RETURNING (SELECT max(id) FROM g) AS m, id;

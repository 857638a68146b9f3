-- ON DELETE CASCADE: referencing rows deleted with their referenced row, through several
-- levels, a self-referencing tree, with and without an index on the referencing columns,
-- a NO ACTION key further down, and a rolled-back delete
CREATE TABLE p (id int PRIMARY KEY, name text);
CREATE TABLE c (cid int PRIMARY KEY, pid int REFERENCES p ON DELETE CASCADE);
CREATE TABLE g (gid int, cid int REFERENCES c ON DELETE CASCADE);
CREATE INDEX g_cid ON g (cid);
INSERT INTO p SELECT i, 'p' || i FROM generate_series(1, 5) i;
INSERT INTO c SELECT i, (i % 5) + 1 FROM generate_series(1, 20) i;
INSERT INTO g SELECT i, (i % 20) + 1 FROM generate_series(1, 60) i;
DELETE FROM p WHERE id = 2;
SELECT count(*) FROM c;
SELECT count(*) FROM g;
SELECT cid FROM c WHERE pid = 2;
DELETE FROM p WHERE id IN (3, 4);
SELECT pid, count(*) FROM c GROUP BY pid ORDER BY pid;
SELECT count(*) FROM g;
BEGIN;
DELETE FROM p;
SELECT count(*) FROM c;
SELECT count(*) FROM g;
ROLLBACK;
SELECT count(*) FROM p;
SELECT count(*) FROM c;
SELECT count(*) FROM g;
-- a NO ACTION reference below a cascade stops the whole statement
CREATE TABLE h (hid int, gid int, cid int REFERENCES c);
INSERT INTO h VALUES (1, 1, 1);
DELETE FROM p WHERE id = 2;
DELETE FROM p WHERE id = 1;
SELECT count(*) FROM p;
DELETE FROM h;
DELETE FROM p WHERE id = 1;
SELECT count(*) FROM p;
SELECT count(*) FROM c;
-- a tree that deletes itself
CREATE TABLE tree (id int PRIMARY KEY, parent int REFERENCES tree ON DELETE CASCADE);
INSERT INTO tree VALUES (1, NULL), (2, 1), (3, 1), (4, 2), (5, 4), (6, 3), (7, NULL), (8, 7);
DELETE FROM tree WHERE id = 2;
SELECT * FROM tree ORDER BY id;
DELETE FROM tree WHERE id = 1;
SELECT * FROM tree ORDER BY id;
DELETE FROM tree;
SELECT count(*) FROM tree;
-- multi-column keys, no index on the referencing side
CREATE TABLE pk2 (a int, b text, PRIMARY KEY (a, b));
CREATE TABLE fk2 (x int, a int, b text, FOREIGN KEY (a, b) REFERENCES pk2 ON DELETE CASCADE);
INSERT INTO pk2 VALUES (1, 'x'), (1, 'y'), (2, 'x');
INSERT INTO fk2 VALUES (1, 1, 'x'), (2, 1, 'y'), (3, 2, 'x'), (4, 1, NULL), (5, NULL, NULL);
DELETE FROM pk2 WHERE b = 'x';
SELECT * FROM fk2 ORDER BY x;
DROP TABLE h, g, c, p, tree, fk2, pk2;

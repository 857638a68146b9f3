-- ON DELETE / ON UPDATE SET NULL, SET DEFAULT and ON UPDATE CASCADE
CREATE TABLE p (id int PRIMARY KEY, name text);
INSERT INTO p VALUES (1, 'one'), (2, 'two'), (3, 'three'), (0, 'zero');
CREATE TABLE c_null (id int PRIMARY KEY, pid int REFERENCES p ON DELETE SET NULL ON UPDATE SET NULL, note text);
CREATE TABLE c_def (id int PRIMARY KEY, pid int DEFAULT 0 REFERENCES p ON DELETE SET DEFAULT ON UPDATE SET DEFAULT);
CREATE TABLE c_casc (id int PRIMARY KEY, pid int REFERENCES p ON UPDATE CASCADE ON DELETE CASCADE);
INSERT INTO c_null VALUES (10, 1, 'a'), (11, 1, 'b'), (12, 2, 'c'), (13, NULL, 'd');
INSERT INTO c_def VALUES (20, 1), (21, 2), (22, 3);
INSERT INTO c_casc VALUES (30, 1), (31, 2), (32, 2), (33, 3);
DELETE FROM p WHERE id = 1;
SELECT * FROM c_null ORDER BY id;
SELECT * FROM c_def ORDER BY id;
SELECT * FROM c_casc ORDER BY id;
UPDATE p SET id = 20 WHERE id = 2;
SELECT * FROM c_null ORDER BY id;
SELECT * FROM c_def ORDER BY id;
SELECT * FROM c_casc ORDER BY id;
-- a key that does not change fires nothing
UPDATE p SET name = 'THREE' WHERE id = 3;
SELECT * FROM c_def ORDER BY id;
SELECT * FROM c_casc ORDER BY id;
-- SET DEFAULT to a key that is not there: 23503 on the referencing table
DELETE FROM p WHERE id = 0;
DELETE FROM c_def WHERE pid = 0;
DELETE FROM p WHERE id = 0;
INSERT INTO c_def VALUES (23, 3);
DELETE FROM p WHERE id = 3;
SELECT * FROM c_def ORDER BY id;
SELECT * FROM p ORDER BY id;
-- SET NULL into a NOT NULL column: 23502, nothing changes
CREATE TABLE q (id int PRIMARY KEY);
INSERT INTO q VALUES (1), (2);
CREATE TABLE c_nn (id int PRIMARY KEY, qid int NOT NULL REFERENCES q ON DELETE SET NULL);
INSERT INTO c_nn VALUES (1, 1);
DELETE FROM q WHERE id = 1;
SELECT * FROM q ORDER BY id;
-- CHECK on the referencing row
CREATE TABLE c_chk (id int PRIMARY KEY, qid int DEFAULT 2 CHECK (qid IS NOT NULL) REFERENCES q ON DELETE SET NULL);
INSERT INTO c_chk VALUES (1, 2);
DELETE FROM q WHERE id = 2;
DROP TABLE c_chk;
CREATE TABLE c_chk2 (id int PRIMARY KEY, qid int DEFAULT 5 CHECK (qid < 3) REFERENCES q ON DELETE SET DEFAULT);
INSERT INTO c_chk2 VALUES (1, 2);
DELETE FROM q WHERE id = 2;
-- cascades through levels: grandparent -> parent (ON UPDATE CASCADE) -> child (ON UPDATE CASCADE)
CREATE TABLE g (k int PRIMARY KEY);
CREATE TABLE m (k int PRIMARY KEY REFERENCES g ON UPDATE CASCADE);
CREATE TABLE l (id int PRIMARY KEY, k int REFERENCES m ON UPDATE CASCADE ON DELETE SET NULL);
INSERT INTO g VALUES (1), (2);
INSERT INTO m VALUES (1), (2);
INSERT INTO l VALUES (1, 1), (2, 2), (3, 2);
UPDATE g SET k = k * 100;
SELECT * FROM m ORDER BY k;
SELECT * FROM l ORDER BY id;
DELETE FROM m WHERE k = 200;
SELECT * FROM l ORDER BY id;
-- multi-column keys
CREATE TABLE pk2 (a int, b text, PRIMARY KEY (a, b));
CREATE TABLE fk2 (id int PRIMARY KEY, a int, b text, FOREIGN KEY (a, b) REFERENCES pk2 ON UPDATE CASCADE ON DELETE SET NULL);
INSERT INTO pk2 VALUES (1, 'x'), (2, 'y');
INSERT INTO fk2 VALUES (1, 1, 'x'), (2, 2, 'y');
UPDATE pk2 SET b = 'xx' WHERE a = 1;
DELETE FROM pk2 WHERE a = 2;
SELECT * FROM fk2 ORDER BY id;
-- self-referencing tree with SET NULL
CREATE TABLE tree (id int PRIMARY KEY, parent int REFERENCES tree ON DELETE SET NULL ON UPDATE CASCADE);
INSERT INTO tree VALUES (1, NULL), (2, 1), (3, 1), (4, 2);
DELETE FROM tree WHERE id = 1;
SELECT * FROM tree ORDER BY id;
UPDATE tree SET id = 20 WHERE id = 2;
SELECT * FROM tree ORDER BY id;
-- in a transaction: rolled back with it
BEGIN;
DELETE FROM m WHERE k = 100;
SELECT * FROM l ORDER BY id;
ROLLBACK;
SELECT * FROM l ORDER BY id;
-- bigint parent, int child: ON UPDATE CASCADE to a value out of range
CREATE TABLE pb (id bigint PRIMARY KEY);
CREATE TABLE cb (id int PRIMARY KEY, pid int REFERENCES pb ON UPDATE CASCADE);
INSERT INTO pb VALUES (1);
INSERT INTO cb VALUES (1, 1);
UPDATE pb SET id = 10000000000;
UPDATE pb SET id = 7;
SELECT * FROM cb;
-- the command tag counts only the rows of the statement's own table
DELETE FROM pb;
-- errors inside the action's update carry PostgreSQL's CONTEXT; a NO ACTION key below a cascade does not
CREATE TABLE p9 (a int, b int, PRIMARY KEY (a, b));
CREATE TABLE c9 (id int PRIMARY KEY, a int NOT NULL, b int, FOREIGN KEY (a, b) REFERENCES p9 ON DELETE SET NULL ON UPDATE CASCADE);
CREATE TABLE c92 (id int PRIMARY KEY, a int, b int CHECK (b < 5), FOREIGN KEY (a, b) REFERENCES p9 ON UPDATE CASCADE ON DELETE CASCADE);
CREATE TABLE c93 (id int PRIMARY KEY REFERENCES c92);
INSERT INTO p9 VALUES (1, 1), (2, 2);
INSERT INTO c9 VALUES (1, 1, 1);
INSERT INTO c92 VALUES (1, 2, 2);
INSERT INTO c93 VALUES (1);
DELETE FROM p9 WHERE a = 1;
UPDATE p9 SET b = 9 WHERE a = 2;
DELETE FROM p9 WHERE a = 2;
-- PostgreSQL 15's ON DELETE SET NULL / SET DEFAULT (columns)
CREATE TABLE ps (id int, id2 int, UNIQUE (id, id2));
CREATE TABLE cs (id int, a int, b int DEFAULT 7, FOREIGN KEY (a, b) REFERENCES ps (id, id2) ON DELETE SET NULL (b));
\d cs
CREATE TABLE cs2 (id int, a int, b int, FOREIGN KEY (a, b) REFERENCES ps (id, id2) ON DELETE SET NULL (id));
CREATE TABLE cs3 (id int, a int, b int, FOREIGN KEY (a, b) REFERENCES ps (id, id2) ON UPDATE SET NULL (b));
CREATE TABLE cs4 (id int, a int, b int, FOREIGN KEY (a, b) REFERENCES ps (id, id2) ON DELETE SET DEFAULT (zz));
CREATE TABLE cs5 (id int, a int NOT NULL, b int DEFAULT 7, FOREIGN KEY (a, b) REFERENCES ps (id, id2) ON DELETE SET DEFAULT (b) ON UPDATE SET NULL);
INSERT INTO ps VALUES (1, 1), (1, 7), (2, 2);
INSERT INTO cs VALUES (1, 1, 1), (2, 2, 2);
INSERT INTO cs5 VALUES (1, 1, 1), (2, 2, 2);
DELETE FROM ps WHERE id = 1 AND id2 = 1;
SELECT * FROM cs ORDER BY id;
SELECT * FROM cs5 ORDER BY id;
UPDATE ps SET id2 = 3 WHERE id = 2;
DELETE FROM ps WHERE id = 1;
SELECT * FROM cs ORDER BY id;
SELECT * FROM cs5 ORDER BY id;

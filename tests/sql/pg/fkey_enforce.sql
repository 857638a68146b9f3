-- FOREIGN KEY enforcement on INSERT, INSERT ... SELECT and COPY: MATCH SIMPLE / FULL,
-- referencing rows of the same statement, transactions, type pairs
CREATE TABLE p (id int PRIMARY KEY, name text, code int UNIQUE);
CREATE TABLE c (cid int, pid int REFERENCES p, pcode int REFERENCES p(code));
INSERT INTO p VALUES (1, 'a', 10), (2, 'b', 20);
INSERT INTO c VALUES (1, 1, 10);
INSERT INTO c VALUES (2, 3, NULL);
INSERT INTO c VALUES (3, NULL, 30);
INSERT INTO c VALUES (4, NULL, NULL);
INSERT INTO c VALUES (5, 2, 20), (6, 1, 20), (7, 9, 10);
SELECT * FROM c ORDER BY cid;
INSERT INTO c SELECT 10 + id, id, code FROM p;
INSERT INTO c SELECT 20 + id, id + 1, code FROM p;
SELECT count(*) FROM c;
COPY c FROM stdin;
30	1	10
31	5	10
\.
COPY c FROM stdin;
32	2	\N
33	\N	20
\.
SELECT * FROM c WHERE cid >= 30 ORDER BY cid;
-- self reference, in one statement as PostgreSQL's end-of-statement check allows
CREATE TABLE self (id int PRIMARY KEY, parent int REFERENCES self);
INSERT INTO self VALUES (1, NULL), (2, 1), (3, 4), (4, 1);
INSERT INTO self VALUES (5, 6);
INSERT INTO self VALUES (6, 6);
SELECT * FROM self ORDER BY id;
-- MATCH FULL and multi-column keys
CREATE TABLE pp (a int, b int, PRIMARY KEY (a, b));
CREATE TABLE mf (a int, b int, FOREIGN KEY (a, b) REFERENCES pp MATCH FULL);
CREATE TABLE ms (a int, b int, FOREIGN KEY (b, a) REFERENCES pp (b, a));
INSERT INTO pp VALUES (1, 2);
INSERT INTO mf VALUES (1, NULL);
INSERT INTO mf VALUES (NULL, NULL);
INSERT INTO mf VALUES (1, 2);
INSERT INTO mf VALUES (2, 1);
INSERT INTO ms VALUES (1, NULL), (1, 2), (NULL, 7);
INSERT INTO ms VALUES (2, 1);
SELECT * FROM mf ORDER BY a, b;
SELECT * FROM ms ORDER BY a, b;
-- type pairs: bigint and smallint keys against an integer one
CREATE TABLE big (a bigint REFERENCES p, b smallint REFERENCES p (code));
INSERT INTO big VALUES (1, 10), (2, 20);
INSERT INTO big VALUES (4294967297, NULL);
INSERT INTO big VALUES (NULL, 30);
SELECT * FROM big ORDER BY a;
CREATE TABLE vp (s text PRIMARY KEY);
CREATE TABLE vc (s varchar(10) REFERENCES vp);
INSERT INTO vp VALUES ('x'), ('y ');
INSERT INTO vc VALUES ('x'), ('y ');
INSERT INTO vc VALUES ('y');
SELECT s, length(s) FROM vc ORDER BY s;
-- transactions: the referenced row of the same transaction, of a rolled-back one
BEGIN;
INSERT INTO p VALUES (3, 'c', 30);
INSERT INTO c VALUES (40, 3, 30);
SAVEPOINT s1;
INSERT INTO p VALUES (4, 'd', 40);
ROLLBACK TO s1;
INSERT INTO c VALUES (41, 4, NULL);
SELECT 1;
ROLLBACK;
INSERT INTO c VALUES (42, 3, NULL);
BEGIN;
INSERT INTO p VALUES (5, 'e', 50);
INSERT INTO c VALUES (43, 5, 50);
COMMIT;
SELECT * FROM c WHERE cid >= 40 ORDER BY cid;
-- TRUNCATE and DROP of referenced tables
DROP TABLE p;
DROP TABLE pp, mf;
DROP TABLE ms, pp;
DROP TABLE c, big;
DROP TABLE p;
DROP TABLE self, vp, vc;

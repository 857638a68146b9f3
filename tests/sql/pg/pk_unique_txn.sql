-- PRIMARY KEY under transactions: rolled-back and failed rows never conflict, duplicates
-- within one statement and across its batches do.
CREATE TABLE pkt (id int PRIMARY KEY, v text);
INSERT INTO pkt VALUES (1,'a'),(2,'b');
INSERT INTO pkt VALUES (3,'c'),(1,'x');
INSERT INTO pkt VALUES (3,'c');
BEGIN;
INSERT INTO pkt VALUES (4,'d');
INSERT INTO pkt VALUES (4,'d');
ROLLBACK;
INSERT INTO pkt VALUES (4,'d');
BEGIN;
INSERT INTO pkt VALUES (5,'e');
SAVEPOINT s;
INSERT INTO pkt VALUES (6,'f');
ROLLBACK TO s;
INSERT INTO pkt VALUES (6,'g');
INSERT INTO pkt VALUES (5,'e2');
ROLLBACK;
INSERT INTO pkt VALUES (5,'e'),(6,'f');
SELECT * FROM pkt ORDER BY id;
INSERT INTO pkt SELECT g, 'x' FROM generate_series(7,3000) g;
INSERT INTO pkt SELECT g, 'x' FROM generate_series(2999,3005) g;
SELECT count(*) FROM t;
INSERT INTO pkt SELECT 10000 + g % 2000, 'y' FROM generate_series(1, 3000) g;
SELECT count(*) FROM pkt;
DROP TABLE pkt;

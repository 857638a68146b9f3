-- ALTER TABLE ... DROP COLUMN: indexes and CHECKs using it go too, views stop it
CREATE TABLE dc (a int PRIMARY KEY, b text UNIQUE, c int CHECK (c > 0), d int, CHECK (c < d));
CREATE INDEX dc_d_idx ON dc (d);
CREATE INDEX dc_bd_idx ON dc (b, d);
INSERT INTO dc VALUES (1, 'x', 1, 10), (2, 'y', 2, 20);
\d dc
ALTER TABLE dc DROP COLUMN d;
\d dc
SELECT * FROM dc ORDER BY a;
INSERT INTO dc VALUES (3, 'x', 3);
INSERT INTO dc VALUES (3, 'z', 3);
SELECT * FROM dc WHERE b = 'z';
ALTER TABLE dc DROP COLUMN nosuch;
ALTER TABLE dc DROP COLUMN IF EXISTS nosuch;
-- views
CREATE VIEW dc_v AS SELECT a, b FROM dc;
CREATE VIEW dc_all AS SELECT * FROM dc;
ALTER TABLE dc DROP COLUMN c;
ALTER TABLE dc DROP COLUMN c RESTRICT;
DROP VIEW dc_all;
ALTER TABLE dc DROP COLUMN c;
\d dc
ALTER TABLE dc DROP COLUMN b;
ALTER TABLE dc DROP COLUMN b CASCADE;
SELECT * FROM dc_v;
\d dc
SELECT * FROM dc ORDER BY a;
-- the last column may go
CREATE TABLE dc1 (only_one int);
INSERT INTO dc1 VALUES (1), (2);
ALTER TABLE dc1 DROP COLUMN only_one;
SELECT count(*) FROM dc1;
\d dc1
ALTER TABLE dc1 ADD COLUMN again int DEFAULT 3;
SELECT * FROM dc1;
-- a dropped name may be used again
ALTER TABLE dc ADD COLUMN b int DEFAULT 42;
SELECT * FROM dc ORDER BY a;
DROP TABLE dc, dc1;

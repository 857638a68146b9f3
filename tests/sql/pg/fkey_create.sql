-- FOREIGN KEY constraints of CREATE TABLE: names, the checks PostgreSQL makes, \d footers
CREATE TABLE p (id int PRIMARY KEY, name text, code int UNIQUE);
CREATE TABLE c (cid int, pid int REFERENCES p, pcode int REFERENCES p(code) ON DELETE CASCADE, CHECK (cid > 0));
\d c
CREATE TABLE c2 (a int, b int, FOREIGN KEY (a, b) REFERENCES p (id, code) MATCH FULL);
CREATE TABLE c3 (a int REFERENCES p(name));
CREATE TABLE c4 (a text REFERENCES p);
CREATE TABLE c5 (a int, b int, FOREIGN KEY (a, b) REFERENCES p);
CREATE TABLE c6 (a int REFERENCES nosuch);
CREATE TABLE c7 (a int REFERENCES c (cid));
CREATE TABLE q (x int);
CREATE TABLE c8 (a int REFERENCES q);
CREATE TABLE c9 (a int, FOREIGN KEY (zz) REFERENCES p);
CREATE TABLE c10 (a int, FOREIGN KEY (a) REFERENCES p (zz));
CREATE TABLE c11 (a bigint REFERENCES p, b numeric REFERENCES p(code));
CREATE TABLE c11 (a bigint REFERENCES p, b smallint REFERENCES p(code));
CREATE VIEW pv AS SELECT * FROM p;
CREATE TABLE c12 (a int REFERENCES pv);
CREATE TABLE u (a int UNIQUE, b int);
CREATE TABLE c13 (x int, y int, CONSTRAINT myfk FOREIGN KEY (x) REFERENCES u (a) ON UPDATE SET NULL ON DELETE SET DEFAULT);
\d c13
CREATE TABLE c14 (x int CONSTRAINT myfk REFERENCES u (a));
CREATE TABLE c15 (x int REFERENCES u (a), y int REFERENCES u (a), FOREIGN KEY (x) REFERENCES u (a) ON DELETE RESTRICT);
\d c15
CREATE TABLE c16 (x int REFERENCES u (a) MATCH PARTIAL);
CREATE TABLE pp (a int, b int, PRIMARY KEY (a, b));
CREATE TABLE ms (a int, b int, FOREIGN KEY (b, a) REFERENCES pp (b, a));
\d ms
CREATE TABLE vc (s varchar(10), t text);
CREATE TABLE vp (s text PRIMARY KEY);
CREATE TABLE vc2 (s varchar(10) REFERENCES vp);
CREATE TABLE fl (f real PRIMARY KEY);
CREATE TABLE flc (f double precision REFERENCES fl);
CREATE TABLE dt (d date PRIMARY KEY);
CREATE TABLE dtc (d date REFERENCES dt, ts timestamp);
-- dropping what a foreign key depends on
DROP TABLE p;
DROP TABLE u;
DROP TABLE u CASCADE;
\d c13
\d c15
DROP TABLE p, c, c11;
DROP TABLE pp CASCADE;
\d ms
DROP VIEW IF EXISTS pv;
DROP TABLE fl, flc, dt, dtc, vp, vc2, vc, q, c13, c14, c15, ms;

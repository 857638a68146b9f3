-- \dn, \dt / \di / \dv / \ds with schema patterns, \d s.t titles
CREATE SCHEMA q;
CREATE TABLE q.t1 (a int PRIMARY KEY, b text);
CREATE VIEW q.v1 AS SELECT a FROM q.t1;
CREATE SEQUENCE q.s1;
CREATE TABLE t2 (c int);
\dn
\dt
\dt q.*
\dt *.t1
\dv q.*
\ds q.*
\di q.*
\d q.t1
\d q.v1
\d t1
SET search_path = q, public;
\dt
\d t1
RESET search_path;
DROP SCHEMA q CASCADE;
DROP TABLE t2;

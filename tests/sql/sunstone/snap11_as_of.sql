-- snap11_as_of: time travel (AS OF TRANSACTION / AS OF TIMESTAMP / sunstone.as_of) on the
-- memory backend, through the snapshot manager module (sunstone/snapshot.h).  Transaction ids
-- and times are taken with txid_current() and clock_timestamp() so the output is the same on
-- every run.
SELECT name, kind, experimental FROM sunstone_plugins WHERE kind = 'snapshot' ORDER BY name;
SHOW sunstone.snapshot_manager;
CREATE TABLE acct (id int, bal int);
CREATE INDEX acct_id ON acct (id);
BEGIN;
INSERT INTO acct VALUES (1, 100), (2, 200);
SELECT txid_current() AS x1 \gset
COMMIT;
SELECT clock_timestamp() AS t1 \gset
BEGIN;
SELECT txid_current() AS x2 \gset
UPDATE acct SET bal = bal - 50 WHERE id = 1;
UPDATE acct SET bal = bal + 50 WHERE id = 2;
COMMIT;
SELECT clock_timestamp() AS t2 \gset
BEGIN;
SELECT txid_current() AS x3 \gset
DELETE FROM acct WHERE id = 2;
INSERT INTO acct VALUES (3, 300);
COMMIT;
-- now
SELECT * FROM acct ORDER BY id;
-- as of each commit
SELECT * FROM acct AS OF TRANSACTION :x1 ORDER BY id;
SELECT * FROM acct AS OF TRANSACTION :x2 ORDER BY id;
SELECT * FROM acct AS OF TRANSACTION :x3 ORDER BY id;
-- an alias after the clause, with or without AS, and a column alias list
SELECT a.bal FROM acct AS OF TRANSACTION :x1 AS a WHERE a.id = 1;
SELECT a.bal FROM acct AS OF TRANSACTION :x1 a WHERE a.id = 2;
SELECT b FROM acct AS OF TRANSACTION :x2 a (i, b) WHERE i = 2;
-- an index scan reads the old versions too
SET enable_seqscan = off;
SELECT bal FROM acct AS OF TRANSACTION :x1 WHERE id = 2;
SELECT bal FROM acct AS OF TRANSACTION :x3 WHERE id = 2;
RESET enable_seqscan;
-- by time: the newest commit at or before the time
SELECT * FROM acct AS OF TIMESTAMP :'t1' ORDER BY id;
SELECT * FROM acct AS OF TIMESTAMP :'t2' ORDER BY id;
-- joins and subqueries: every relation names the same AS OF
SELECT x.id, y.bal FROM acct AS OF TRANSACTION :x1 x JOIN acct AS OF TRANSACTION :x1 y ON x.id = y.id ORDER BY 1;
SELECT count(*) FROM acct AS OF TRANSACTION :x2 WHERE bal > (SELECT min(bal) FROM acct AS OF TRANSACTION :x2);
EXPLAIN (COSTS OFF) SELECT * FROM acct AS OF TRANSACTION :x1;
-- the whole session as of a commit
SELECT 'transaction ' || :x1 AS asof1 \gset
SET sunstone.as_of = :'asof1';
SELECT * FROM acct ORDER BY id;
SET sunstone.as_of = :'t2';
SELECT * FROM acct ORDER BY id;
SELECT sum(bal) FROM acct;
INSERT INTO acct VALUES (4, 400);
UPDATE acct SET bal = 0;
SELECT * FROM acct FOR UPDATE;
CREATE TABLE other (a int);
RESET sunstone.as_of;
SHOW sunstone.as_of;
SELECT * FROM acct ORDER BY id;
-- PostgreSQL's own meanings are untouched: "AS of" is an alias, strings and comments stay
SELECT of.id FROM acct AS of ORDER BY 1;
SELECT 'x AS OF TRANSACTION 1' AS s FROM acct AS OF TRANSACTION :x1 WHERE id = 1;
SELECT id /* AS OF TRANSACTION 1 */ FROM acct ORDER BY 1;
-- errors
SELECT * FROM acct AS OF TRANSACTION 999999;
SELECT * FROM acct AS OF TRANSACTION 0;
\set VERBOSITY sqlstate
SELECT * FROM acct AS OF TIMESTAMP '2000-01-01 00:00:00+00';
\set VERBOSITY default
SELECT * FROM acct AS OF TIMESTAMP 'not a time';
SELECT * FROM acct AS OF TRANSACTION :x1, acct AS OF TRANSACTION :x2 b;
SELECT * FROM acct AS OF TRANSACTION :x1, acct b;
INSERT INTO acct SELECT * FROM acct AS OF TRANSACTION :x1;
CREATE VIEW v AS SELECT * FROM acct AS OF TRANSACTION :x1;
PREPARE p AS SELECT * FROM acct AS OF TRANSACTION :x1;
SELECT * FROM acct AS OF TRANSACTION :x1 FOR UPDATE;
SET sunstone.as_of = 'tomorrow-ish';
SET sunstone.snapshot_manager = 'nope';
SELECT * FROM acct TABLESAMPLE x(1);
-- the reference manager gives the same answers (the history moves with the switch)
SET sunstone.snapshot_manager = linear;
SELECT * FROM acct AS OF TRANSACTION :x2 ORDER BY id;
SELECT * FROM acct AS OF TIMESTAMP :'t1' ORDER BY id;
RESET sunstone.snapshot_manager;
SELECT * FROM acct AS OF TRANSACTION :x2 ORDER BY id;
-- a relation created or rewritten after the commit has no older versions: refused, not empty
CREATE TABLE later (a int);
SELECT * FROM later AS OF TRANSACTION :x2;
ALTER TABLE acct ALTER COLUMN bal TYPE bigint;
SELECT * FROM acct AS OF TRANSACTION :x2;
BEGIN;
SELECT txid_current() AS x4 \gset
INSERT INTO acct VALUES (5, 500);
COMMIT;
SELECT * FROM acct AS OF TRANSACTION :x4 ORDER BY id;
BEGIN;
ALTER TABLE acct ALTER COLUMN bal TYPE int;
ROLLBACK;
SELECT * FROM acct AS OF TRANSACTION :x4 ORDER BY id;
DROP TABLE acct, later;

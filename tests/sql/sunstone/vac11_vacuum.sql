-- vac11_vacuum: VACUUM reclaims the row versions no snapshot can see any more (storage.h
-- version 7) on the memory and lmdb backends, removes their index entries (index scans agree
-- with sequential scans afterwards), and respects the history retention: AS OF within the
-- retained history reads the old versions after VACUUM; without retention it cannot.
\set VERBOSITY terse
CREATE TABLE m (a int PRIMARY KEY, b text);
INSERT INTO m SELECT g, 'row ' || g FROM generate_series(1, 10000) g;
DELETE FROM m WHERE a <= 6000;
-- the deleted versions' chunks go (the tail chunk and chunks with live rows stay)
VACUUM (VERBOSE) m;
-- again: nothing left to reclaim
VACUUM VERBOSE m;
SELECT count(*), min(a), max(a) FROM m;
SET enable_seqscan = off;
SELECT count(*) FROM m WHERE a BETWEEN 1 AND 7000;
SELECT a, b FROM m WHERE a IN (1, 5000, 6000, 6001, 9999) ORDER BY a;
RESET enable_seqscan;
SET enable_indexscan = off;
SELECT count(*) FROM m WHERE a BETWEEN 1 AND 7000;
RESET enable_indexscan;
-- the key of a reclaimed row can be inserted again, and the index finds the new row
INSERT INTO m VALUES (10, 'again');
SELECT * FROM m WHERE a = 10;
-- updates leave old versions behind; VACUUM takes them
UPDATE m SET b = 'x' WHERE a > 6000;
VACUUM VERBOSE m;
SELECT count(*), count(*) FILTER (WHERE b = 'x') FROM m;
-- lmdb: each dead version is deleted
CREATE TABLE l (a int PRIMARY KEY, b text) USING lmdb;
INSERT INTO l SELECT g, 'row ' || g FROM generate_series(1, 3000) g;
DELETE FROM l WHERE a % 3 = 0;
VACUUM (VERBOSE) l;
VACUUM (VERBOSE, FULL) l;
SET enable_seqscan = off;
SELECT count(*) FROM l WHERE a BETWEEN 1 AND 3000;
RESET enable_seqscan;
SELECT count(*) FROM l;
-- a rolled-back insert's versions are dead too
BEGIN;
INSERT INTO l SELECT g, 'no' FROM generate_series(5001, 5100) g;
ROLLBACK;
VACUUM VERBOSE l;
-- every table, several tables, FULL
VACUUM;
VACUUM m, l;
VACUUM FULL;
VACUUM (VERBOSE FALSE) m;
-- errors, as PostgreSQL's
VACUUM nosuch;
VACUUM m, nosuch;
BEGIN;
VACUUM m;
ROLLBACK;
VACUUM (foo) m;
VACUUM (VERBOSE 'x') m;
VACUUM m (a);
ANALYZE m;
VACUUM ANALYZE m;
VACUUM (FREEZE) m;
VACUUM (PARALLEL 2) m;
-- retention on: AS OF before the delete still reads the old versions after VACUUM
SET sunstone.history_retention = '1 hour';
CREATE TABLE kept (a int PRIMARY KEY);
BEGIN;
INSERT INTO kept SELECT g FROM generate_series(1, 5000) g;
SELECT txid_current() AS ins \gset
COMMIT;
DELETE FROM kept;
SELECT count(*) FROM kept AS OF TRANSACTION :ins;
VACUUM VERBOSE kept;
SELECT count(*), min(a), max(a) FROM kept AS OF TRANSACTION :ins;
SELECT count(*) FROM kept;
RESET sunstone.history_retention;
-- retention off: VACUUM reclaims them, and the commit is no longer readable
CREATE TABLE gone (a int PRIMARY KEY);
BEGIN;
INSERT INTO gone SELECT g FROM generate_series(1, 5000) g;
SELECT txid_current() AS ins2 \gset
COMMIT;
DELETE FROM gone;
SELECT count(*) FROM gone AS OF TRANSACTION :ins2;
VACUUM VERBOSE gone;
SELECT count(*) FROM gone AS OF TRANSACTION :ins2;
SELECT count(*) FROM gone;
-- AS OF on lmdb, before and after VACUUM
SET sunstone.history_retention = '1 hour';
CREATE TABLE lk (a int) USING lmdb;
BEGIN;
INSERT INTO lk SELECT g FROM generate_series(1, 100) g;
SELECT txid_current() AS ins3 \gset
COMMIT;
DELETE FROM lk WHERE a > 10;
SELECT count(*) FROM lk AS OF TRANSACTION :ins3;
VACUUM VERBOSE lk;
SELECT count(*) FROM lk AS OF TRANSACTION :ins3;
SELECT count(*) FROM lk;
RESET sunstone.history_retention;
CHECKPOINT;
BEGIN;
CHECKPOINT;
COMMIT;

-- snap11_retention: the history retention settings hold the reclamation horizon back, so
-- that AS OF within the retention reads old versions the memory backend would otherwise mark
-- dead; history older than what is kept is refused with 72000 (snapshot too old).
SHOW sunstone.history_retention;
SHOW sunstone.history_retention_commits;
-- (terse: the DETAIL of 72000 names a time of this run)
\set VERBOSITY terse
-- no retention: once a scan has let the backend reclaim the deleted rows, the commit that
-- wrote them can no longer be read as of
CREATE TABLE gone (a int);
BEGIN;
INSERT INTO gone SELECT g FROM generate_series(1, 5000) g;
SELECT txid_current() AS ins \gset
COMMIT;
SELECT count(*) FROM gone AS OF TRANSACTION :ins;
DELETE FROM gone;
SELECT count(*) FROM gone;
SELECT count(*) FROM gone;
SELECT count(*) FROM gone AS OF TRANSACTION :ins;
-- one hour of history kept: the same reads work after the delete
SET sunstone.history_retention = '1 hour';
SHOW sunstone.history_retention;
CREATE TABLE kept (a int);
BEGIN;
INSERT INTO kept SELECT g FROM generate_series(1, 5000) g;
SELECT txid_current() AS ins2 \gset
COMMIT;
SELECT clock_timestamp() AS after_ins \gset
DELETE FROM kept;
SELECT count(*) FROM kept;
SELECT count(*) FROM kept;
SELECT count(*), min(a), max(a) FROM kept AS OF TRANSACTION :ins2;
SELECT count(*) FROM kept AS OF TIMESTAMP :'after_ins';
-- the history of the first table stays gone (retention does not bring it back)
SELECT count(*) FROM gone AS OF TRANSACTION :ins;
RESET sunstone.history_retention;
-- a number of commits kept
SET sunstone.history_retention_commits = 3;
CREATE TABLE recent (a int);
BEGIN;
INSERT INTO recent SELECT g FROM generate_series(1, 5000) g;
SELECT txid_current() AS ins3 \gset
COMMIT;
DELETE FROM recent;
SELECT count(*) FROM recent;
SELECT count(*) FROM recent AS OF TRANSACTION :ins3;
-- more commits than kept: the insert falls out of the retained history
INSERT INTO recent VALUES (1);
INSERT INTO recent VALUES (2);
INSERT INTO recent VALUES (3);
SELECT count(*) FROM recent;
SELECT count(*) FROM recent;
SELECT count(*) FROM recent AS OF TRANSACTION :ins3;
RESET sunstone.history_retention_commits;
-- bad values
SET sunstone.history_retention = '-1 hour';
SET sunstone.history_retention = 'soon';
SET sunstone.history_retention_commits = -1;
DROP TABLE gone, kept, recent;

-- CREATE INDEX inside a transaction block indexes the rows the same transaction wrote
BEGIN;
CREATE TABLE ci (a int);
INSERT INTO ci VALUES (1), (1);
CREATE UNIQUE INDEX ci_a ON ci (a);
ROLLBACK;
CREATE TABLE ci (a int);
BEGIN;
INSERT INTO ci VALUES (1), (2);
CREATE INDEX ci_a ON ci (a);
SET enable_seqscan = off;
SELECT * FROM ci WHERE a = 2;
COMMIT;
SELECT * FROM ci WHERE a = 1;
DROP TABLE ci;

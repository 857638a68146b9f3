-- LIMIT / OFFSET values: checked when the query runs, before any row is read; NULL means
-- no limit / no offset; a constant that fails to evaluate fails the query.
CREATE TABLE lv (a int);
INSERT INTO lv VALUES (1), (2), (3);
SELECT a FROM lv ORDER BY a LIMIT 2;
SELECT a FROM lv ORDER BY a LIMIT NULL OFFSET 1;
SELECT a FROM lv ORDER BY a LIMIT 1 OFFSET NULL;
SELECT a FROM lv ORDER BY a LIMIT -1;
SELECT a FROM lv ORDER BY a OFFSET -2;
SELECT a FROM lv ORDER BY a LIMIT -1 OFFSET -2;
SELECT a FROM lv LIMIT 1/0;
SELECT a FROM lv ORDER BY a LIMIT 2 OFFSET 2;

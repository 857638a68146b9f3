-- EXPLAIN UPDATE / DELETE: "Update on t" / "Delete on t" above the query that finds the rows
CREATE TABLE ex (id int PRIMARY KEY, v int);
INSERT INTO ex VALUES (1, 1), (2, 2);
EXPLAIN (COSTS OFF) UPDATE ex SET v = 10 WHERE id = 2;
EXPLAIN (COSTS OFF) DELETE FROM ex WHERE v > 1;
SELECT * FROM ex ORDER BY id;
-- refusals
EXPLAIN ANALYZE UPDATE ex SET v = 0;
EXPLAIN (ANALYZE, COSTS OFF) DELETE FROM ex;
CREATE VIEW exv AS SELECT * FROM ex;
UPDATE exv SET v = 1;
DELETE FROM exv;
UPDATE ONLY ex SET v = 1;
UPDATE ex SET (v, id) = (SELECT 1, 2);
SET sunstone.operator_scan = 'scan_row';
UPDATE ex SET v = 5;
RESET sunstone.operator_scan;
DROP VIEW exv;
DROP TABLE ex;

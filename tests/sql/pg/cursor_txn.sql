-- cursors and transactions: the DECLARE's snapshot, closing at the end of the block,
-- WITH HOLD, savepoints, pg_cursors
CREATE TABLE curx (a int, b text);
INSERT INTO curx SELECT i, 'r' || i FROM generate_series(1, 5) i;
BEGIN;
DECLARE e CURSOR FOR SELECT a FROM curx WHERE a < 4 ORDER BY a;
INSERT INTO curx VALUES (0, 'new');
UPDATE curx SET a = a + 100 WHERE a = 2;
DELETE FROM curx WHERE a = 3;
FETCH ALL FROM e;
DECLARE e2 CURSOR FOR SELECT a FROM curx WHERE a < 4 ORDER BY a;
FETCH ALL FROM e2;
SELECT name, rtrim(statement, ';') AS statement, is_holdable, is_binary, is_scrollable,
       creation_time IS NOT NULL AS created FROM pg_cursors ORDER BY name;
DECLARE n NO SCROLL CURSOR FOR SELECT 1;
DECLARE s SCROLL CURSOR FOR SELECT 1;
DECLARE b BINARY CURSOR FOR SELECT 1;
SELECT name, is_binary, is_scrollable FROM pg_cursors ORDER BY name;
CLOSE e;
SELECT name FROM pg_cursors ORDER BY name;
CLOSE ALL;
SELECT count(*) FROM pg_cursors;
DECLARE gone CURSOR FOR SELECT 1;
COMMIT;
SELECT count(*) FROM pg_cursors;
FETCH gone;
-- WITH HOLD: kept after COMMIT with the rows as of its DECLARE
BEGIN;
DECLARE h CURSOR WITH HOLD FOR SELECT a FROM curx ORDER BY a;
DECLARE nh CURSOR WITHOUT HOLD FOR SELECT a FROM curx ORDER BY a;
FETCH h;
COMMIT;
SELECT name, is_holdable FROM pg_cursors;
DELETE FROM curx WHERE a = 4;
FETCH h;
FETCH ALL h;
FETCH FIRST FROM h;
-- a later transaction's rollback keeps it (and its position)
BEGIN;
FETCH h;
ROLLBACK;
FETCH h;
CLOSE h;
FETCH h;
-- rolled back with the transaction that declared it
BEGIN;
DECLARE h2 CURSOR WITH HOLD FOR SELECT a FROM curx ORDER BY a LIMIT 3;
ROLLBACK;
FETCH h2;
-- outside a block it needs WITH HOLD
DECLARE h3 CURSOR WITH HOLD FOR SELECT a FROM curx ORDER BY a LIMIT 3;
FETCH ALL h3;
MOVE BACKWARD ALL IN h3;
FETCH h3;
CLOSE h3;
DECLARE h4 CURSOR FOR SELECT 1;
CLOSE ALL;
-- a failed block: COMMIT rolls back and closes
BEGIN;
DECLARE h5 CURSOR WITH HOLD FOR SELECT 1;
SELECT 1 / 0;
COMMIT;
FETCH h5;
-- savepoints: cursors declared after one go with ROLLBACK TO; positions are not undone
BEGIN;
DECLARE s1 CURSOR FOR SELECT a FROM curx ORDER BY a;
SAVEPOINT sp;
DECLARE s2 CURSOR FOR SELECT a FROM curx ORDER BY a;
FETCH s1;
ROLLBACK TO sp;
FETCH s1;
FETCH s2;
ROLLBACK TO sp;
SAVEPOINT sp2;
DECLARE s3 CURSOR FOR SELECT a FROM curx ORDER BY a;
RELEASE sp2;
ROLLBACK TO sp;
FETCH s3;
ROLLBACK TO sp;
DECLARE s4 CURSOR FOR SELECT 4;
RELEASE sp;
FETCH s4;
SELECT name FROM pg_cursors ORDER BY name;
COMMIT;
-- REPEATABLE READ: the cursor reads the transaction's snapshot
BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT count(*) FROM curx;
DECLARE rr CURSOR FOR SELECT count(*) FROM curx;
FETCH rr;
COMMIT;
DROP TABLE curx;
-- without SCROLL, a cursor scrolls when PostgreSQL's plan can run backward
BEGIN;
CREATE TABLE curs (a int);
INSERT INTO curs VALUES (1), (2), (3);
DECLARE p1 CURSOR FOR SELECT a FROM curs WHERE a > 1;
DECLARE p2 CURSOR FOR SELECT 1;
DECLARE p3 CURSOR FOR SELECT count(*) FROM curs;
DECLARE p4 CURSOR FOR SELECT count(*) FROM curs GROUP BY a ORDER BY 1;
DECLARE p5 CURSOR FOR SELECT x.a FROM curs x, curs y WHERE x.a = y.a;
DECLARE p6 CURSOR FOR VALUES (1), (2);
DECLARE p7 CURSOR FOR VALUES (1);
DECLARE p8 CURSOR FOR SELECT * FROM generate_series(1, 3) LIMIT 2;
DECLARE p9 CURSOR FOR SELECT a FROM curs UNION ALL SELECT a FROM curs;
DECLARE p10 CURSOR FOR SELECT a FROM curs UNION SELECT a FROM curs;
DECLARE p11 CURSOR FOR SELECT DISTINCT a FROM curs;
SELECT name, is_scrollable FROM pg_cursors ORDER BY length(name), name;
FETCH ALL p1;
FETCH BACKWARD 1 FROM p1;
FETCH p3;
FETCH PRIOR FROM p3;
ROLLBACK;

-- A cursor's query runs as FETCH asks: its errors come from FETCH (and abort the
-- transaction there), its tables stay in use until CLOSE, and a cursor whose FETCH failed
-- inside a rolled-back savepoint cannot run again.
CREATE TABLE lz (a int, b text);
INSERT INTO lz SELECT g, 'r' || g FROM generate_series(0, 9) g;
CREATE INDEX lz_b ON lz (b);
BEGIN;
DECLARE c CURSOR FOR SELECT a, 10 / (5 - a) FROM lz ORDER BY a;
FETCH ALL FROM c;
FETCH 1 FROM c;
ROLLBACK;
BEGIN;
DECLARE c CURSOR FOR SELECT 10 / (5 - a) FROM lz;
SAVEPOINT s1;
FETCH ALL FROM c;
ROLLBACK TO s1;
FETCH 1 FROM c;
ROLLBACK;
-- tables in use by an open cursor, even one read to its end
BEGIN;
DECLARE d CURSOR FOR SELECT a, b FROM lz WHERE a > 4 ORDER BY a DESC;
FETCH 2 FROM d;
DROP TABLE lz;
ROLLBACK;
BEGIN;
DECLARE d CURSOR FOR SELECT a FROM lz;
FETCH ALL FROM d;
DROP INDEX lz_b;
ROLLBACK;
BEGIN;
DECLARE d CURSOR FOR SELECT a FROM lz;
MOVE ALL IN d;
ALTER TABLE lz ADD COLUMN c int;
ROLLBACK;
BEGIN;
DECLARE d CURSOR FOR SELECT a FROM lz;
FETCH 1 FROM d;
CLOSE d;
ALTER TABLE lz ADD COLUMN c int;
DROP INDEX lz_b;
COMMIT;
-- the DECLARE's snapshot: later changes of the transaction are not seen
BEGIN;
DECLARE e SCROLL CURSOR FOR SELECT a FROM lz WHERE a < 4 ORDER BY a;
FETCH 1 FROM e;
UPDATE lz SET a = a + 100;
DELETE FROM lz WHERE a > 105;
FETCH ALL FROM e;
FETCH BACKWARD 2 FROM e;
FETCH ABSOLUTE 1 FROM e;
SELECT count(*), min(a) FROM lz;
SELECT name, is_holdable, is_scrollable FROM pg_cursors ORDER BY name;
COMMIT;
-- a long query read only as far as FETCH goes
BEGIN;
DECLARE big NO SCROLL CURSOR FOR SELECT g, g * 2 FROM generate_series(1, 5000000) g;
FETCH 2 FROM big;
MOVE 100000 IN big;
FETCH 1 FROM big;
FETCH BACKWARD 1 FROM big;
FETCH 1 FROM big;
COMMIT;
DROP TABLE lz;

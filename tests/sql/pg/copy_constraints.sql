-- COPY FROM fills the columns it does not copy with their DEFAULT (or sequence) and checks
-- NOT NULL and CHECK on every row, as INSERT does; it runs inside a transaction block.
COPY (SELECT * FROM (VALUES (1, 'x'), (2, 'y')) v) TO '/tmp/sunstone_copy_cons1.txt';
COPY (SELECT 3, NULL::text) TO '/tmp/sunstone_copy_cons2.txt';
COPY (SELECT -5, 'z') TO '/tmp/sunstone_copy_cons3.txt';
CREATE TABLE cc (id int CHECK (id > 0), v text NOT NULL, d int DEFAULT 7, s serial);
COPY cc (id, v) FROM '/tmp/sunstone_copy_cons1.txt';
COPY cc (id, v) FROM '/tmp/sunstone_copy_cons2.txt';
COPY cc (id, v) FROM '/tmp/sunstone_copy_cons3.txt';
SELECT * FROM cc ORDER BY id;
BEGIN;
COPY cc (id, v) FROM '/tmp/sunstone_copy_cons1.txt';
SELECT count(*) FROM cc;
ROLLBACK;
SELECT count(*) FROM cc;
BEGIN READ ONLY;
COPY cc (id, v) FROM '/tmp/sunstone_copy_cons1.txt';
ROLLBACK;
DROP TABLE cc;

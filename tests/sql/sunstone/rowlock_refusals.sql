-- Locking clauses: EXPLAIN of
-- one it runs; and where it differs from PostgreSQL on purpose: a cursor whose query locks
-- rows runs it to the end at DECLARE, locking every row then (PostgreSQL locks each as a
-- FETCH reads it), so DECLARE waits for (or fails on) a row locked by another session
CREATE TABLE rl_r (id int PRIMARY KEY, v int);
INSERT INTO rl_r VALUES (1, 1), (2, 2);
-- plain EXPLAIN shows LockRows (and Limit above it) over the plan
EXPLAIN (COSTS OFF) SELECT * FROM rl_r ORDER BY id LIMIT 1 FOR UPDATE;
SELECT * FROM rl_r ORDER BY id FOR KEY SHARE;
DROP TABLE rl_r;

-- Hash aggregation, DISTINCT, hash joins and INTERSECT / EXCEPT beyond work_mem: at 64kB
-- they partition their rows into temporary files; every answer equals the one at the
-- default work_mem (the second half repeats the first).
\i include/spill_data.sql
CREATE TABLE u (a int, x text);
INSERT INTO u SELECT a, b || 'u' FROM t WHERE a % 3 = 0;
INSERT INTO u SELECT 200000 + a.i*100 + b.i*10 + c.i, 'extra' FROM d a, d b, d c;
SET work_mem = '64kB';
\i include/spill_hash_queries.sql
RESET work_mem;
\i include/spill_hash_queries.sql

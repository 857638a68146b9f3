-- the segment tree over combine (registered aggregates with a combine function and no
-- floating-point result: bit_and / bit_or) gives the answers of naive re-aggregation and of the
-- incremental algorithm, over sliding, growing, shrinking and empty frames, partitions,
-- NULLs and FILTER; the variance family over double precision stays naive (its last digit
-- would depend on the order of the additions)
CREATE TABLE ct (id int, p int, k int, x int, b bigint);
INSERT INTO ct SELECT g, g % 4, (g * 37) % 13, CASE WHEN g % 9 = 0 THEN NULL ELSE (g * 7919) % 1013 END, (g * 104729) % 65536 FROM generate_series(1, 500) g;
CREATE VIEW ct_q AS SELECT id,
  bit_and(x) OVER (PARTITION BY p ORDER BY id ROWS BETWEEN 7 PRECEDING AND 3 FOLLOWING) a,
  bit_or(b) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 40 FOLLOWING) c,
  bit_or(x) FILTER (WHERE x % 2 = 0) OVER (ORDER BY k, id ROWS BETWEEN 30 PRECEDING AND 1 PRECEDING) d,
  bit_and(b) OVER (ORDER BY k RANGE BETWEEN 2 PRECEDING AND 1 FOLLOWING) e,
  bit_or(x) OVER (PARTITION BY p ORDER BY k GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW) f,
  bit_and(x) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) g,
  bit_or(b) OVER (ORDER BY id) h,
  round(var_samp(x::float8) OVER (ORDER BY id ROWS BETWEEN 20 PRECEDING AND CURRENT ROW)::numeric, 6) i,
  round(stddev_pop(b::float8) OVER (PARTITION BY p ORDER BY id ROWS BETWEEN 3 PRECEDING AND 50 FOLLOWING)::numeric, 6) j
FROM ct;
SET sunstone.window_frame_algorithm = naive;
CREATE TABLE c_naive AS SELECT * FROM ct_q;
SET sunstone.window_frame_algorithm = incremental;
CREATE TABLE c_inc AS SELECT * FROM ct_q;
SET sunstone.window_frame_algorithm = segment_tree;
CREATE TABLE c_tree AS SELECT * FROM ct_q;
SET sunstone.window_frame_algorithm = auto;
CREATE TABLE c_auto AS SELECT * FROM ct_q;
SELECT count(*), count(a), count(c), count(d), count(e), count(i) FROM c_naive;
SELECT count(*) AS naive_not_inc FROM (SELECT * FROM c_naive EXCEPT ALL SELECT * FROM c_inc) s;
SELECT count(*) AS naive_not_tree FROM (SELECT * FROM c_naive EXCEPT ALL SELECT * FROM c_tree) s;
SELECT count(*) AS tree_not_naive FROM (SELECT * FROM c_tree EXCEPT ALL SELECT * FROM c_naive) s;
SELECT count(*) AS naive_not_auto FROM (SELECT * FROM c_naive EXCEPT ALL SELECT * FROM c_auto) s;
SELECT sum(a), sum(c), sum(d), sum(e), sum(f), sum(g), sum(h), sum(i), sum(j) FROM c_tree;
-- a one-row partition and frames that hold no row
SET sunstone.window_frame_algorithm = segment_tree;
SELECT id, bit_or(x) OVER (ORDER BY id ROWS BETWEEN 3 FOLLOWING AND 5 FOLLOWING), var_pop(x::float8) OVER (PARTITION BY id) FROM ct WHERE id < 5 ORDER BY id;

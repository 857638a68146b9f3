-- the three frame algorithms (sunstone.window_frame_algorithm) give identical answers over
-- pseudo-random frames, partitions, NULLs and FILTER; auto picks incremental or segment_tree
CREATE TABLE fa (id int, p int, k int, x int, y numeric);
INSERT INTO fa SELECT g, g % 3, (g * 37) % 17, CASE WHEN g % 11 = 0 THEN NULL ELSE (g * 7919) % 101 - 50 END, ((g * 31) % 23)::numeric / 4 FROM generate_series(1, 300) g;
CREATE VIEW fa_q AS SELECT id,
  sum(x) OVER (PARTITION BY p ORDER BY id ROWS BETWEEN 7 PRECEDING AND 3 FOLLOWING) a,
  count(x) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 9 FOLLOWING) b,
  min(x) OVER (PARTITION BY p ORDER BY id ROWS BETWEEN 13 PRECEDING AND 1 PRECEDING) c,
  max(x) OVER (ORDER BY k, id ROWS BETWEEN 5 PRECEDING AND 5 FOLLOWING) d,
  min(y) OVER (ORDER BY k RANGE BETWEEN 2 PRECEDING AND 1 FOLLOWING) e,
  sum(x) FILTER (WHERE x > 0) OVER (ORDER BY k GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW) f,
  max(x) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) g,
  count(*) OVER (PARTITION BY p ORDER BY k RANGE BETWEEN 3 PRECEDING AND 3 FOLLOWING) h,
  sum(y) OVER (ORDER BY id ROWS BETWEEN 4 PRECEDING AND 4 FOLLOWING) i,
  stddev_samp(x::float8) OVER (ORDER BY id ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) j
FROM fa;
SET sunstone.window_frame_algorithm = naive;
CREATE TABLE r_naive AS SELECT * FROM fa_q;
SET sunstone.window_frame_algorithm = incremental;
CREATE TABLE r_inc AS SELECT * FROM fa_q;
SET sunstone.window_frame_algorithm = segment_tree;
CREATE TABLE r_tree AS SELECT * FROM fa_q;
SET sunstone.window_frame_algorithm = auto;
CREATE TABLE r_auto AS SELECT * FROM fa_q;
SELECT count(*) FROM r_naive;
SELECT count(*) AS naive_not_inc FROM (SELECT * FROM r_naive EXCEPT ALL SELECT * FROM r_inc) s;
SELECT count(*) AS inc_not_naive FROM (SELECT * FROM r_inc EXCEPT ALL SELECT * FROM r_naive) s;
SELECT count(*) AS naive_not_tree FROM (SELECT * FROM r_naive EXCEPT ALL SELECT * FROM r_tree) s;
SELECT count(*) AS tree_not_naive FROM (SELECT * FROM r_tree EXCEPT ALL SELECT * FROM r_naive) s;
SELECT count(*) AS naive_not_auto FROM (SELECT * FROM r_naive EXCEPT ALL SELECT * FROM r_auto) s;
SELECT sum(a), sum(b), sum(c), sum(d), sum(e), sum(f), sum(g), sum(h), sum(i) FROM r_auto;
SHOW sunstone.window_frame_algorithm;
SET sunstone.window_frame_algorithm = fastest;
EXPLAIN (COSTS OFF) SELECT sum(x) OVER (ORDER BY id) FROM fa;

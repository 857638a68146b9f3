-- every aggregate with OVER runs through its registered vtable: the three frame algorithms
-- (sunstone.window_frame_algorithm) give identical answers for the collecting, boolean,
-- bitwise, min / max (select_row), float and numeric aggregates, with NULLs, FILTER and EXCLUDE
CREATE TABLE va (id int, p int, k int, x int, t text, f float8, n numeric, b bool);
INSERT INTO va SELECT g, g % 3, (g * 37) % 11, CASE WHEN g % 7 = 0 THEN NULL ELSE (g * 7919) % 101 - 50 END,
  CASE WHEN g % 5 = 0 THEN NULL ELSE chr(97 + (g * 7) % 26) END, ((g * 31) % 23) / 4.0,
  CASE WHEN g % 9 = 0 THEN NULL ELSE ((g * 17) % 29)::numeric / 8 END, g % 4 <> 0 FROM generate_series(1, 200) g;
CREATE VIEW va_q AS SELECT id,
  string_agg(t, ',') OVER (PARTITION BY p ORDER BY id ROWS BETWEEN 3 PRECEDING AND 2 FOLLOWING) a,
  array_agg(x) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 4 FOLLOWING) b,
  json_agg(t) OVER (ORDER BY k, id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)::text c,
  bool_and(b) OVER (PARTITION BY p ORDER BY id ROWS BETWEEN 5 PRECEDING AND 1 PRECEDING) d,
  bool_or(b) FILTER (WHERE x > 0) OVER (ORDER BY k GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW) e,
  min(t) OVER (ORDER BY id ROWS BETWEEN 4 PRECEDING AND 4 FOLLOWING) f,
  max(n) OVER (ORDER BY k RANGE BETWEEN 2 PRECEDING AND 1 FOLLOWING) g,
  avg(f) OVER (ORDER BY id ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) h,
  sum(f::real) OVER (ORDER BY id ROWS BETWEEN 3 PRECEDING AND CURRENT ROW) i,
  bit_or(x) OVER (ORDER BY id ROWS BETWEEN 3 PRECEDING AND 3 FOLLOWING) j,
  avg(n) OVER (PARTITION BY p ORDER BY id ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING) l,
  count(*) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE TIES) m,
  string_agg(t, '') OVER (ORDER BY k ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING EXCLUDE GROUP) o,
  min(x) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING EXCLUDE CURRENT ROW) q,
  stddev(x) OVER (ORDER BY id ROWS BETWEEN 4 PRECEDING AND CURRENT ROW) r
FROM va;
SET sunstone.window_frame_algorithm = naive;
CREATE TABLE v_naive AS SELECT * FROM va_q;
SET sunstone.window_frame_algorithm = incremental;
CREATE TABLE v_inc AS SELECT * FROM va_q;
SET sunstone.window_frame_algorithm = segment_tree;
CREATE TABLE v_tree AS SELECT * FROM va_q;
SET sunstone.window_frame_algorithm = auto;
CREATE TABLE v_auto AS SELECT * FROM va_q;
SELECT count(*) FROM v_naive;
SELECT count(*) AS naive_not_inc FROM (SELECT * FROM v_naive EXCEPT ALL SELECT * FROM v_inc) s;
SELECT count(*) AS inc_not_naive FROM (SELECT * FROM v_inc EXCEPT ALL SELECT * FROM v_naive) s;
SELECT count(*) AS naive_not_tree FROM (SELECT * FROM v_naive EXCEPT ALL SELECT * FROM v_tree) s;
SELECT count(*) AS tree_not_naive FROM (SELECT * FROM v_tree EXCEPT ALL SELECT * FROM v_naive) s;
SELECT count(*) AS naive_not_auto FROM (SELECT * FROM v_naive EXCEPT ALL SELECT * FROM v_auto) s;
SELECT * FROM v_auto WHERE id IN (1, 2, 50, 199, 200) ORDER BY id;

-- ANALYZE computes PostgreSQL's column statistics (pg_stats); a table of at most 30000 rows is
-- read whole, so every value is PostgreSQL's exactly
CREATE TABLE t (a int, b text, c float8, d bool, e numeric, f date, g jsonb, h int[], j json);
INSERT INTO t SELECT g % 10, 'v' || (g % 37), g * 0.5, g % 3 = 0, g % 5 + 0.25, date '2024-01-01' + (g % 100),
  jsonb_build_object('k', g % 4), array[g % 2], '{}' FROM generate_series(1, 1000) g;
INSERT INTO t VALUES (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
SELECT count(*) FROM pg_stats WHERE tablename = 't';
ANALYZE t;
SELECT attname, inherited, null_frac, avg_width, n_distinct, most_common_vals, most_common_freqs, histogram_bounds, correlation
  FROM pg_stats WHERE tablename = 't' ORDER BY attname;
-- skewed values: the common ones in most_common_vals, the rest in the histogram
CREATE TABLE s (k int, w text);
INSERT INTO s SELECT CASE WHEN g % 4 = 0 THEN 7 WHEN g % 9 = 0 THEN 3 ELSE g END, repeat('x', 40 + g % 3) FROM generate_series(1, 3000) g;
ANALYZE s (k);
SELECT attname, null_frac, avg_width, n_distinct, most_common_vals, most_common_freqs, histogram_bounds, correlation
  FROM pg_stats WHERE tablename = 's' ORDER BY attname;
ANALYZE s;
SELECT attname, avg_width, n_distinct FROM pg_stats WHERE tablename = 's' ORDER BY attname;
-- a column list, then errors
CREATE TABLE u (id int PRIMARY KEY, x text, y int);
INSERT INTO u SELECT g, md5(g::text), g / 3 FROM generate_series(1, 500) g;
ANALYZE u (x);
SELECT attname, null_frac, avg_width, n_distinct, most_common_vals FROM pg_stats WHERE tablename = 'u' ORDER BY attname;
ANALYZE u (nosuch);
ANALYZE u (x, x);
ANALYZE nosuch;
VACUUM u (x);
CREATE VIEW v AS SELECT 1 AS one;
ANALYZE v;
-- transactional: a rolled-back ANALYZE leaves the previous statistics
BEGIN;
ANALYZE u;
SELECT count(*) FROM pg_stats WHERE tablename = 'u';
ROLLBACK;
SELECT count(*) FROM pg_stats WHERE tablename = 'u';
BEGIN;
VACUUM ANALYZE u;
ROLLBACK;
VACUUM ANALYZE u;
SELECT attname, n_distinct, correlation FROM pg_stats WHERE tablename = 'u' ORDER BY attname;
-- changed data, analyzed again
DELETE FROM u WHERE id > 100;
UPDATE u SET y = 0 WHERE id <= 50;
ANALYZE;
SELECT attname, n_distinct, most_common_vals, most_common_freqs FROM pg_stats WHERE tablename = 'u' ORDER BY attname;
-- empty tables get none; a dropped column's go; a dropped table's go
CREATE TABLE e (a int);
ANALYZE e;
SELECT count(*) FROM pg_stats WHERE tablename = 'e';
ALTER TABLE u DROP COLUMN x;
SELECT attname FROM pg_stats WHERE tablename = 'u' ORDER BY attname;
DROP TABLE u;
SELECT count(*) FROM pg_stats WHERE tablename = 'u';

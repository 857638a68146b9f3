-- ANALYZE of a table larger than its 30000-row sample: the statistics come from a uniform
-- sample (fixed seed), so they are estimates; these checks hold for any fair sample
CREATE TABLE big (id int, m int, n int, s text);
INSERT INTO big SELECT g, g % 10, CASE WHEN g % 4 = 0 THEN NULL ELSE g % 1000 END, 'k' || (g % 50000) FROM generate_series(1, 200000) g;
ANALYZE big;
SELECT attname,
       n_distinct = -1 AS all_distinct,
       n_distinct = 10 AS ten,
       null_frac BETWEEN 0.23 AND 0.27 AS quarter_null,
       n_distinct < -0.05 OR n_distinct > 0 AS has_estimate,
       avg_width,
       correlation > 0.99 AS ordered
  FROM pg_stats WHERE tablename = 'big' ORDER BY attname;
SELECT array_length(most_common_freqs, 1) AS mcvs, abs(most_common_freqs[1] - 0.1) < 0.01 AS tenth
  FROM pg_stats WHERE tablename = 'big' AND attname = 'm';
SELECT histogram_bounds IS NOT NULL AS has_histogram FROM pg_stats WHERE tablename = 'big' AND attname = 'id';
-- the same statistics twice (the sample's seed is fixed)
CREATE TABLE first_run AS SELECT attname, n_distinct, most_common_vals, histogram_bounds FROM pg_stats WHERE tablename = 'big';
ANALYZE big;
SELECT count(*) FROM pg_stats p JOIN first_run f USING (attname)
  WHERE p.tablename = 'big' AND p.n_distinct = f.n_distinct
    AND p.most_common_vals IS NOT DISTINCT FROM f.most_common_vals AND p.histogram_bounds IS NOT DISTINCT FROM f.histogram_bounds;

-- Aggregates of modules (agg_stats, agg_ordered_set) under a small work_mem: the groups that
-- do not fit spill to partition files and are aggregated afterwards; the answers stay the same.
SET work_mem = '64kB';
CREATE TABLE sp AS SELECT i % 10000 AS g, (i * 7 % 101)::float8 AS x, i AS i FROM generate_series(1, 30000) s(i);
SELECT count(*), sum(sd)::numeric(20,6), sum(bo), sum(pc), sum(md) FROM (
  SELECT g, stddev_samp(x) AS sd, bit_or(i) AS bo, percentile_cont(0.5) WITHIN GROUP (ORDER BY x) AS pc,
         mode() WITHIN GROUP (ORDER BY i % 7) AS md
  FROM sp GROUP BY g) t;
SELECT g, var_pop(x)::numeric(20,6), bit_xor(i), percentile_disc(0.9) WITHIN GROUP (ORDER BY x DESC) FROM sp
  GROUP BY g ORDER BY g LIMIT 5;

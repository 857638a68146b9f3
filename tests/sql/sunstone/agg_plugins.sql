-- Aggregates registered by a module (agg_stats, plugins of kind aggregate): what
-- sunstone_plugins lists, and the signatures PostgreSQL has that the module refuses (0A000:
-- standard deviation and variance of integers and numeric have numeric results there).
\set VERBOSITY verbose
SELECT name, kind, experimental FROM sunstone_plugins WHERE kind = 'aggregate' ORDER BY name;
CREATE TABLE t (i int, n numeric, b bigint);
INSERT INTO t VALUES (1, 1.5, 2), (2, 2.5, 3);
SELECT stddev(i) FROM t;
SELECT var_pop(n) FROM t;
SELECT variance(b) FROM t;
-- a name no module registered and PostgreSQL does not have: 42883
SELECT no_such_agg(i) FROM t;
-- ordered-set aggregates (agg_ordered_set): variable-width values and direct arguments that
-- are not constants are refused with 0A000 (PostgreSQL has both)
SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY n) FROM t;
SELECT mode() WITHIN GROUP (ORDER BY i::text) FROM t;
SELECT percentile_cont(i / 10.0) WITHIN GROUP (ORDER BY b) FROM t GROUP BY i;
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY b), percentile_disc(0.5) WITHIN GROUP (ORDER BY b) FROM t;

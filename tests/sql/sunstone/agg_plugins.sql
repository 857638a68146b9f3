-- Aggregates registered by a module (agg_stats, plugins of kind aggregate): what
-- sunstone_plugins lists, the variance family over integers and numeric (numeric results, as
-- PostgreSQL's), and the forms the modules refuse with 0A000.
\set VERBOSITY verbose
SELECT name, kind, experimental FROM sunstone_plugins WHERE kind = 'aggregate' ORDER BY name;
CREATE TABLE t (i int, n numeric, b bigint);
INSERT INTO t VALUES (1, 1.5, 2), (2, 2.5, 3);
SELECT stddev(i) FROM t;
SELECT var_pop(n) FROM t;
SELECT variance(b) FROM t;
-- a name no module registered and PostgreSQL does not have: 42883
SELECT no_such_agg(i) FROM t;
-- ordered-set aggregates (agg_ordered_set): direct arguments over grouped or outer columns,
-- subqueries or volatile functions are evaluated per group, as PostgreSQL does (more in
-- tests/sql/pg/agg3_direct_groups.sql); constants and parameters once per scan
SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY n) FROM t;
SELECT mode() WITHIN GROUP (ORDER BY i::text) FROM t;
SELECT percentile_cont(i / 10.0) WITHIN GROUP (ORDER BY b) FROM t GROUP BY i;
SELECT (SELECT percentile_cont(o.f) WITHIN GROUP (ORDER BY x) FROM generate_series(1, 10) x) FROM (VALUES (0.5::float8)) o(f);
SELECT percentile_cont(random() * 0 + 0.5) WITHIN GROUP (ORDER BY x) FROM generate_series(1, 10) x;
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY b), percentile_disc(0.5) WITHIN GROUP (ORDER BY b) FROM t;

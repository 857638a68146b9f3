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

-- explain_options: EXPLAIN's option list is checked as PostgreSQL checks it: unknown
-- options (with their position), values that are not Booleans, FORMAT values, and the
-- options that need ANALYZE.
EXPLAIN (FOO) SELECT 1;
EXPLAIN (ANALYZE maybe) SELECT 1;
EXPLAIN (ANALYZE 2) SELECT 1;
EXPLAIN (COSTS 'sometimes') SELECT 1;
EXPLAIN (FORMAT foo) SELECT 1;
EXPLAIN (FORMAT) SELECT 1;
EXPLAIN (TIMING) SELECT 1;
EXPLAIN (TIMING ON, ANALYZE OFF) SELECT 1;
EXPLAIN (WAL) SELECT 1;
EXPLAIN (WAL, TIMING) SELECT 1;

-- EXPLAIN builds the operator tree without running it (SS_OPEN_EXPLAIN_ONLY): a negative
-- LIMIT or OFFSET is shown, not refused, as PostgreSQL's EXPLAIN shows the plan; a constant
-- that fails to evaluate still fails, as it does when PostgreSQL folds it.
CREATE TABLE el (a int, b text);
EXPLAIN SELECT a FROM el LIMIT -1;
EXPLAIN SELECT a FROM el ORDER BY a OFFSET -2;
EXPLAIN SELECT a FROM el LIMIT NULL OFFSET 2;
EXPLAIN SELECT a FROM el LIMIT 1/0;
SELECT a FROM el LIMIT -1;

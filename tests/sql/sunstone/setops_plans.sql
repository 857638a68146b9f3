-- plans of set operations: UNION ALL is one append over the flattened branches, UNION the
-- same append under a grouping aggregate, INTERSECT / EXCEPT [ALL] a setop node; branches of
-- another type get a projection; the operators are chosen by sunstone.operator_append /
-- sunstone.operator_setop
CREATE TABLE sp (a int, b text);
EXPLAIN SELECT a FROM sp UNION ALL SELECT a FROM sp UNION ALL SELECT 1;
EXPLAIN SELECT a FROM sp UNION SELECT a FROM sp UNION SELECT 1;
EXPLAIN SELECT a FROM sp UNION SELECT a FROM sp UNION ALL SELECT 1;
EXPLAIN SELECT a FROM sp UNION ALL SELECT 2::bigint;
EXPLAIN SELECT a, b FROM sp INTERSECT SELECT a, b FROM sp;
EXPLAIN SELECT a FROM sp EXCEPT ALL SELECT a FROM sp ORDER BY 1 LIMIT 3;
SHOW sunstone.operator_append;
SHOW sunstone.operator_setop;
SET sunstone.operator_setop = 'append';
DROP TABLE sp;

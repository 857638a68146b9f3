-- subquery_decorrelated: WHERE conjuncts EXISTS / NOT EXISTS (correlated) and IN (SELECT ...)
-- become semi / anti joins in EXPLAIN (PostgreSQL's pull_up_sublinks); NOT IN, uncorrelated
-- EXISTS and subqueries with aggregates stay subplans.  The answers are the same with the
-- hash join and with the nested loop running the joins (PostgreSQL's rows, checked by hand).
CREATE TABLE d_t (a int, b text);
INSERT INTO d_t VALUES (1, 'one'), (2, 'two'), (3, NULL), (NULL, 'none'), (2, 'deux');
CREATE TABLE d_u (x int, y int);
INSERT INTO d_u VALUES (1, 10), (1, 11), (2, 20), (NULL, 30), (5, 50);
EXPLAIN SELECT a FROM d_t WHERE EXISTS (SELECT 1 FROM d_u WHERE d_u.x = d_t.a);
EXPLAIN SELECT a FROM d_t WHERE NOT EXISTS (SELECT 1 FROM d_u WHERE d_u.x = d_t.a);
EXPLAIN SELECT a FROM d_t WHERE a IN (SELECT x FROM d_u WHERE y > 10);
EXPLAIN SELECT a FROM d_t WHERE a NOT IN (SELECT x FROM d_u);
EXPLAIN SELECT a FROM d_t WHERE EXISTS (SELECT 1 FROM d_u WHERE d_u.x > d_t.a AND d_u.y < 50);
EXPLAIN SELECT a FROM d_t WHERE b IS NOT NULL AND EXISTS (SELECT 1 FROM d_u WHERE d_u.x = d_t.a AND d_u.y > 10);
EXPLAIN SELECT a FROM d_t WHERE EXISTS (SELECT 1 FROM d_u);
EXPLAIN SELECT a FROM d_t WHERE EXISTS (SELECT count(*) FROM d_u WHERE d_u.x = d_t.a);
EXPLAIN SELECT a FROM d_t WHERE EXISTS (SELECT 1 FROM d_u WHERE d_u.x = d_t.a) OR a = 3;
SELECT a, b FROM d_t WHERE EXISTS (SELECT 1 FROM d_u WHERE d_u.x = d_t.a) ORDER BY a, b;
SELECT a, b FROM d_t WHERE NOT EXISTS (SELECT 1 FROM d_u WHERE d_u.x = d_t.a) ORDER BY a, b;
SELECT a, b FROM d_t WHERE a IN (SELECT x FROM d_u) ORDER BY a, b;
SELECT a, b FROM d_t WHERE a IN (SELECT x FROM d_u WHERE y > 10) ORDER BY a, b;
SELECT a, b FROM d_t WHERE EXISTS (SELECT 1 FROM d_u WHERE d_u.x > d_t.a AND d_u.y < 50) ORDER BY a, b;
SELECT a, b FROM d_t WHERE NOT EXISTS (SELECT 1 FROM d_u WHERE d_u.x = d_t.a AND d_u.y > 10) ORDER BY a, b;
SELECT a, b FROM d_t WHERE a < ANY (SELECT x FROM d_u) ORDER BY a, b;
-- in an inner join's ON
EXPLAIN SELECT t.a, u.y FROM d_t t JOIN d_u u ON u.x = t.a AND EXISTS (SELECT 1 FROM d_u v WHERE v.x = t.a AND v.y > u.y);
SELECT t.a, u.y FROM d_t t JOIN d_u u ON u.x = t.a AND EXISTS (SELECT 1 FROM d_u v WHERE v.x = t.a AND v.y > u.y) ORDER BY 1, 2;
SELECT t.a, u.y FROM d_t t JOIN d_u u ON u.x = t.a AND NOT EXISTS (SELECT 1 FROM d_u v WHERE v.x = t.a AND v.y > u.y) ORDER BY 1, 2;
SELECT t.a, u.y FROM d_t t LEFT JOIN d_u u ON u.x = t.a AND u.y IN (SELECT y FROM d_u WHERE y > 10) ORDER BY 1, 2;
SET sunstone.operator_hash_join = 'nested_loop_keys';
EXPLAIN SELECT a FROM d_t WHERE NOT EXISTS (SELECT 1 FROM d_u WHERE d_u.x = d_t.a);
SELECT a, b FROM d_t WHERE EXISTS (SELECT 1 FROM d_u WHERE d_u.x = d_t.a) ORDER BY a, b;
SELECT a, b FROM d_t WHERE NOT EXISTS (SELECT 1 FROM d_u WHERE d_u.x = d_t.a) ORDER BY a, b;
SELECT a, b FROM d_t WHERE a IN (SELECT x FROM d_u) ORDER BY a, b;
SELECT a, b FROM d_t WHERE NOT EXISTS (SELECT 1 FROM d_u WHERE d_u.x = d_t.a AND d_u.y > 10) ORDER BY a, b;
RESET sunstone.operator_hash_join;
DROP TABLE d_t, d_u;

-- subquery_in_exists: EXISTS / NOT EXISTS, IN / NOT IN (SELECT ...) with PostgreSQL's
-- three-valued NULL semantics, op ANY / SOME / ALL (SELECT ...), row forms, and errors.
CREATE TABLE ie_t (a int, b text);
INSERT INTO ie_t VALUES (1, 'one'), (2, 'two'), (3, NULL), (NULL, 'none');
CREATE TABLE ie_u (x int, s text);
INSERT INTO ie_u VALUES (1, 'one'), (2, 'zwei'), (NULL, 'nul');
CREATE TABLE ie_e (x int);
SELECT EXISTS (SELECT 1) AS e1, EXISTS (SELECT 1 FROM ie_e) AS e2, NOT EXISTS (SELECT 1 FROM ie_e) AS e3;
SELECT a FROM ie_t WHERE EXISTS (SELECT 1 FROM ie_u) ORDER BY a;
SELECT a FROM ie_t WHERE NOT EXISTS (SELECT * FROM ie_u WHERE x > 5) ORDER BY a;
SELECT a, a IN (SELECT x FROM ie_u) AS in_u, a NOT IN (SELECT x FROM ie_u) AS not_in_u FROM ie_t ORDER BY a;
SELECT a, a IN (SELECT x FROM ie_u WHERE x IS NOT NULL) AS i, a NOT IN (SELECT x FROM ie_u WHERE x IS NOT NULL) AS ni FROM ie_t ORDER BY a;
SELECT a, a IN (SELECT x FROM ie_e) AS i, a NOT IN (SELECT x FROM ie_e) AS ni FROM ie_t ORDER BY a;
SELECT a FROM ie_t WHERE a IN (SELECT x FROM ie_u) ORDER BY a;
SELECT a FROM ie_t WHERE a NOT IN (SELECT x FROM ie_u) ORDER BY a;
SELECT a FROM ie_t WHERE a NOT IN (SELECT x FROM ie_u WHERE x IS NOT NULL) ORDER BY a;
SELECT b FROM ie_t WHERE b IN (SELECT s FROM ie_u) ORDER BY b;
SELECT a, a = ANY (SELECT x FROM ie_u) AS eq_any, a = SOME (SELECT x FROM ie_u) AS eq_some FROM ie_t ORDER BY a;
SELECT a, a < ANY (SELECT x FROM ie_u) AS lt_any, a > ALL (SELECT x FROM ie_u) AS gt_all FROM ie_t ORDER BY a;
SELECT a, a >= ALL (SELECT x FROM ie_u WHERE x IS NOT NULL) AS ge_all, a <> ALL (SELECT x FROM ie_e) AS ne_all FROM ie_t ORDER BY a;
SELECT a, a::bigint IN (SELECT x FROM ie_u) AS widened FROM ie_t ORDER BY a;
SELECT a, a + 0.5::float8 > ANY (SELECT x FROM ie_u) AS f FROM ie_t ORDER BY a;
SELECT 1 IN (SELECT 1 UNION SELECT 2) AS u, 3 IN (SELECT 1 UNION SELECT 2) AS v;
SELECT NULL::int IN (SELECT x FROM ie_e) AS empty_in, NULL::int IN (SELECT 1) AS null_in;
SELECT '1' IN (SELECT x FROM ie_u) AS lit;
SELECT (a, b) IN (SELECT x, s FROM ie_u) AS row_in FROM ie_t ORDER BY a;
SELECT (a, b) NOT IN (SELECT x, s FROM ie_u) AS row_not_in FROM ie_t ORDER BY a;
SELECT a, (a, a + 1) < ANY (SELECT x, 2 FROM ie_u) AS lt, (a, a) <= ALL (SELECT x, x FROM ie_u WHERE x IS NOT NULL) AS le,
       (a, 2) > ANY (SELECT x, x FROM ie_u) AS gt, (1, 2, a) >= ALL (SELECT 1, 2, x FROM ie_u WHERE x < 3) AS ge FROM ie_t ORDER BY a;
SELECT count(*) FROM ie_t WHERE a IN (SELECT x FROM ie_u) OR b IN (SELECT s FROM ie_u);
SELECT a, CASE WHEN a IN (SELECT x FROM ie_u) THEN 'yes' ELSE 'no' END AS c FROM ie_t ORDER BY a;
-- errors
SELECT a IN (SELECT x, s FROM ie_u) FROM ie_t;
SELECT (a, b) IN (SELECT x FROM ie_u) FROM ie_t;
SELECT a IN (SELECT s FROM ie_u) FROM ie_t;
SELECT a + ANY (SELECT x FROM ie_u) FROM ie_t;
SELECT a FROM ie_t WHERE EXISTS (SELECT nosuch FROM ie_u);
DROP TABLE ie_t, ie_u, ie_e;

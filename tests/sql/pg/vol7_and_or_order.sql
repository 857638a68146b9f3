-- AND / OR evaluate left to right and stop at the first operand that decides (PostgreSQL
-- also folds a constant FALSE AND / TRUE OR before anything else): a guard written first
-- keeps the division after it from dividing by zero; conjuncts of equal cost keep their order.
CREATE TABLE t (a int, b int, s text);
INSERT INTO t VALUES (0, 1, 'x'), (2, 0, 'y'), (NULL, 3, 'z');
SELECT a FROM t WHERE a <> 0 AND 10 / a > 0;
SELECT a FROM t WHERE a = 0 OR 10 / a > 0;
SELECT false AND 1/0 = 1;
SELECT true OR 1/0 = 1;
SELECT 1/0 = 1 AND false;
SELECT 1/0 = 1 OR true;
SELECT a, (a <> 0 AND 10 / a > 1) AS x FROM t ORDER BY a;
SELECT a, (a = 0 OR 10 / a > 1) AS x FROM t ORDER BY a;
SELECT a FROM t WHERE b <> 0 AND a / b >= 0 ORDER BY a;
SELECT a FROM t WHERE NOT (a = 0 OR 10 / a < 0) ORDER BY a;
SELECT CASE WHEN a <> 0 AND 10 / a > 1 THEN 'y' ELSE 'n' END FROM t ORDER BY a;
SELECT a FROM t WHERE (a <> 0 AND 10 / a > 1) OR b = 3 ORDER BY a;
SELECT count(*) FILTER (WHERE a <> 0 AND 10 / a > 1) FROM t;
SELECT a FROM t WHERE a IS NOT NULL AND b <> 0 AND a / b > 0;
SELECT a FROM t WHERE 10 / a > 0 AND a <> 0;
SELECT a FROM t t1 WHERE EXISTS (SELECT 1 FROM t t2 WHERE t2.a <> 0 AND t1.b / t2.a >= 0) ORDER BY a;
SELECT a FROM t WHERE a <> 0 AND (SELECT 10 / t.a) > 0;
SELECT a FROM t JOIN (VALUES (1), (2)) v(x) ON a <> 0 AND x / a >= 0 ORDER BY a, x;
SELECT a FROM t WHERE a / b > 0 AND b <> 0;
SELECT a FROM t WHERE b <> 0 AND a / b > 0;
SELECT a FROM t WHERE s::int > 0 AND s = '1';
SELECT a FROM t WHERE s = '1' AND s::int > 0;
SELECT a FROM t WHERE (a / b > 0) IS NULL AND b <> 0;
SELECT a FROM t WHERE a / b > 0 OR b = 0;
SELECT a FROM t WHERE b = 0 OR a / b > 0;
SELECT a FROM t WHERE s ~ 'y' AND a / b > 0;
SELECT a FROM t WHERE a / b > 0 AND s ~ 'x';
SELECT a FROM t WHERE upper(s) = 'Y' AND 10 / b > 0;
SELECT a FROM t WHERE 10 / b > 0 AND upper(s) = 'X';
SELECT a FROM t WHERE length(s) = 1 AND 10 / b > 0 AND b = 1;
DROP TABLE t;

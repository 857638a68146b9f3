-- WITH queries (not recursive): inlined or computed once, column lists, scoping, errors
CREATE TABLE wq (a int, b text);
INSERT INTO wq VALUES (1, 'x'), (2, 'y'), (3, 'z'), (NULL, 'n');
WITH x AS (SELECT a, b FROM wq WHERE a > 1) SELECT * FROM x ORDER BY a;
WITH x(p, q) AS (SELECT a, b FROM wq) SELECT q, p FROM x ORDER BY p DESC NULLS LAST;
WITH x(p) AS (SELECT a, b FROM wq) SELECT * FROM x ORDER BY 1;
WITH x AS (SELECT a FROM wq), y AS (SELECT a * 10 AS c FROM x) SELECT * FROM y ORDER BY c;
-- referenced twice: computed once, read by both
WITH x AS (SELECT a FROM wq) SELECT * FROM x l JOIN x r ON l.a = r.a + 1 ORDER BY 1;
WITH x AS (SELECT a FROM wq WHERE a IS NOT NULL) SELECT count(*) FROM x, x AS y;
WITH x AS (SELECT 1 AS a) SELECT * FROM x UNION ALL SELECT * FROM x;
WITH x AS MATERIALIZED (SELECT a FROM wq) SELECT sum(a) FROM x;
WITH x AS NOT MATERIALIZED (SELECT a FROM wq) SELECT l.a FROM x l, x r WHERE l.a = r.a ORDER BY 1;
-- in subqueries of FROM and in set-operation branches
SELECT * FROM (WITH x AS (SELECT 5 AS q) SELECT * FROM x) s;
SELECT a FROM wq WHERE a = 1 UNION ALL (WITH x AS (SELECT 7 AS a) SELECT a FROM x);
WITH x AS (SELECT 1 AS v) SELECT * FROM (SELECT v + 1 AS w FROM x) s, x;
SELECT 1 UNION ALL (WITH x AS (SELECT 2) SELECT * FROM x UNION ALL SELECT 3);
SELECT 1 UNION ALL (WITH x AS (SELECT 2) SELECT * FROM x UNION ALL SELECT 3 ORDER BY 1 LIMIT 1);
WITH x AS (SELECT 2 AS v) SELECT * FROM x UNION ALL SELECT 3 ORDER BY 1 DESC;
WITH x AS (SELECT 2 AS v) SELECT v FROM x UNION SELECT v + 1 FROM x ORDER BY v;
-- an inner WITH hides an outer one of the same name
WITH x AS (SELECT 1 AS v) SELECT * FROM (WITH x AS (SELECT 2 AS v) SELECT * FROM x) s, x;
-- a WITH query's name hides a table
WITH wq AS (SELECT 42 AS a) SELECT * FROM wq;
-- aliases and column aliases on references
WITH x AS (SELECT a, b FROM wq WHERE a = 2) SELECT t.b, t.a FROM x AS t;
WITH x AS (SELECT a, b FROM wq WHERE a = 2) SELECT * FROM x t(c, d);
-- an unreferenced WITH query is still checked
WITH x AS (SELECT 1) SELECT 2 AS two;
-- aggregates in a WITH query (the workload's CTE)
CREATE TABLE wq_orders (order_id int, customer_id int, total int);
INSERT INTO wq_orders VALUES (1, 1, 300), (2, 1, 400), (3, 2, 100), (4, 3, 600), (5, 2, 50);
CREATE TABLE wq_customers (id int, name text);
INSERT INTO wq_customers VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cy');
WITH high_value AS (SELECT customer_id, SUM(total) AS total_spent FROM wq_orders GROUP BY customer_id
                    HAVING SUM(total) > 500)
SELECT c.name, hv.total_spent FROM wq_customers c JOIN high_value hv ON c.id = hv.customer_id ORDER BY 1;
-- INSERT ... WITH ... SELECT
INSERT INTO wq WITH x AS (SELECT 9 AS a) SELECT a, 'w' FROM x;
SELECT * FROM wq WHERE a = 9;
-- errors
WITH x AS (SELECT 1), x AS (SELECT 2) SELECT * FROM x;
WITH x AS (SELECT * FROM y), y AS (SELECT 1) SELECT * FROM x;
WITH x(a, b, c) AS (SELECT 1, 2) SELECT * FROM x;
WITH x AS (SELECT nocol FROM wq) SELECT 1;
WITH x AS (SELECT 1 AS a) SELECT * FROM x, x;
WITH x AS (SELECT 1 AS a) SELECT * FROM nosuch;
WITH x AS (SELECT 1 AS a) SELECT x.b FROM x;
SELECT * FROM (WITH x AS (SELECT 1 AS a) SELECT * FROM x) s, x;
-- the reference that would compute it is cut off by a constant-false filter
WITH x AS (SELECT 1 AS a) SELECT * FROM (SELECT * FROM x WHERE false) s, x;
WITH x AS (SELECT 1 AS a) SELECT * FROM (SELECT * FROM x WHERE false) s RIGHT JOIN x ON true;
-- one computed-once query read by another
WITH x AS (SELECT a FROM wq WHERE a < 3), y AS (SELECT l.a FROM x l JOIN x r ON l.a = r.a)
SELECT * FROM y, y AS y2 ORDER BY 1, 2;

-- WITH RECURSIVE: UNION ALL and UNION, lazily under LIMIT, a tree walk, and PostgreSQL's errors
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT * FROM t LIMIT 10;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3000) SELECT count(*), sum(n) FROM t;
WITH RECURSIVE t(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM t WHERE n < 3) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 'a' UNION ALL SELECT n || 'b' FROM t WHERE length(n) < 3) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1::bigint UNION ALL SELECT n::int + 1 FROM t WHERE n < 3) SELECT * FROM t;
-- UNION drops rows produced before, so a cycle ends
WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT n FROM t) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT (n + 1) % 4 FROM t) SELECT * FROM t ORDER BY n;
WITH RECURSIVE t(n, m) AS (SELECT 1, NULL::int UNION SELECT n, m FROM t) SELECT * FROM t;
-- a recursive reference in a subquery of FROM, joined with a table
CREATE TABLE wr_edges (src int, dst int);
INSERT INTO wr_edges VALUES (1, 2), (2, 3), (3, 1), (3, 4), (5, 6);
WITH RECURSIVE reach(node) AS (SELECT 1 UNION SELECT e.dst FROM wr_edges e JOIN reach r ON e.src = r.node)
SELECT * FROM reach ORDER BY node;
WITH RECURSIVE reach(node) AS (SELECT 1 UNION SELECT e.dst FROM reach r, wr_edges e WHERE e.src = r.node)
SELECT * FROM reach ORDER BY node;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM (SELECT * FROM t) s WHERE n < 3) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n FROM t LEFT JOIN wr_edges ON false WHERE n < 0) SELECT * FROM t;
-- the workload's tree walk over categories, with depth
CREATE TABLE categories (cat_id int, name text, parent_id int);
INSERT INTO categories WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 20)
  SELECT i, 'Cat_' || i, CASE WHEN i <= 5 THEN NULL ELSE (i % 5) + 1 END FROM s;
WITH RECURSIVE tree AS (
  SELECT cat_id, name, parent_id, 0 AS depth FROM categories WHERE parent_id IS NULL
  UNION ALL
  SELECT c.cat_id, c.name, c.parent_id, t.depth + 1 FROM categories c JOIN tree t ON c.parent_id = t.cat_id
) SELECT * FROM tree ORDER BY depth, cat_id;
-- referenced twice, and from a later WITH query
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3), u AS (SELECT n * 10 AS m FROM t)
SELECT * FROM t JOIN u ON u.m = t.n * 10 ORDER BY 1;
-- WITH RECURSIVE without a recursive reference is a plain WITH
WITH RECURSIVE t AS (SELECT 1 UNION ALL SELECT 2) SELECT * FROM t;
-- errors
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n::bigint + 1 FROM t) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT n FROM t UNION ALL SELECT 1) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT t.n + 1 FROM t, t x) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT src FROM wr_edges LEFT JOIN t ON true) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t RIGHT JOIN wr_edges ON true) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 INTERSECT SELECT n FROM t) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 FROM t) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT count(*) FROM t) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t ORDER BY 1) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t LIMIT 1) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3 UNION ALL SELECT 5) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT 'a' || n FROM t) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n, n FROM t) SELECT * FROM t;

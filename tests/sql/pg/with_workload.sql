-- the workload's CTE and recursive CTE categories on its fixture (../shared/bench-workload.md,
-- without PRIMARY KEY), the rows made by WITH RECURSIVE
CREATE TABLE customers (id int, name text, email text, age int, region text, metadata text, bio text);
CREATE TABLE orders (order_id int, customer_id int, order_date text, status text, total int);
CREATE TABLE categories (cat_id int, name text, parent_id int);
INSERT INTO customers WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 200)
  SELECT i, 'Customer_' || i, 'c' || i || '@test.com', 18 + (i % 62),
         CASE i % 5 WHEN 0 THEN 'East' WHEN 1 THEN 'West' WHEN 2 THEN 'North' WHEN 3 THEN 'South' ELSE 'Central' END,
         CASE WHEN i % 2 = 0 THEN '{"tier":"gold"}' ELSE '{"tier":"silver"}' END, 'Bio for customer ' || i FROM s;
INSERT INTO orders WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 500)
  SELECT i, (i % 200) + 1, '2024-0' || (1 + i % 9) || '-1' || (i % 10),
         CASE i % 4 WHEN 0 THEN 'pending' WHEN 1 THEN 'shipped' WHEN 2 THEN 'delivered' ELSE 'cancelled' END,
         50 + (i % 950) FROM s;
INSERT INTO categories WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 20)
  SELECT i, 'Cat_' || i, CASE WHEN i <= 5 THEN NULL ELSE (i % 5) + 1 END FROM s;
SELECT count(*), sum(total) FROM orders;
-- CTE
WITH high_value AS (SELECT customer_id, SUM(total) AS total_spent FROM orders GROUP BY customer_id HAVING SUM(total) > 500)
SELECT c.name, hv.total_spent FROM customers c JOIN high_value hv ON c.id = hv.customer_id ORDER BY hv.total_spent DESC, c.name;
-- recursive CTE: the tree walk from the NULL-parent roots, with depth
WITH RECURSIVE tree AS (
  SELECT cat_id, name, parent_id, 0 AS depth FROM categories WHERE parent_id IS NULL
  UNION ALL
  SELECT c.cat_id, c.name, c.parent_id, t.depth + 1 FROM categories c JOIN tree t ON c.parent_id = t.cat_id
) SELECT cat_id, name, parent_id, depth FROM tree ORDER BY depth, cat_id;
WITH RECURSIVE tree(cat_id, path, depth) AS (
  SELECT cat_id, name, 1 FROM categories WHERE parent_id IS NULL
  UNION ALL
  SELECT c.cat_id, t.path || '/' || c.name, t.depth + 1 FROM tree t JOIN categories c ON c.parent_id = t.cat_id
) SELECT depth, count(*), min(path), max(path) FROM tree GROUP BY depth ORDER BY depth;

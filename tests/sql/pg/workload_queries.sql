-- The query-only categories of the seed's OLTP/SQL workload (../shared/bench-workload.md) on
-- its fixture, checked row for row against PostgreSQL 15.  The fixture is the workload's,
-- without PRIMARY KEY and the indexes (another issue); {id} is fixed to a few values.
\i include/workload_fixture.sql
-- Aggregation
SELECT region, COUNT(*), SUM(age), AVG(age) FROM customers GROUP BY region HAVING COUNT(*) > 10 ORDER BY region;
-- INNER JOIN, id = 42
SELECT c.name, o.order_id, o.total FROM customers c INNER JOIN orders o ON c.id = o.customer_id WHERE c.id = 42 ORDER BY o.order_id;
-- LEFT JOIN, id = 42
SELECT c.name, o.order_id FROM customers c LEFT JOIN orders o ON c.id = o.customer_id WHERE c.id = 42 ORDER BY o.order_id;
-- Multi-table JOIN (4), id = 42
SELECT c.name, o.order_id, oi.item_id, p.name AS product, oi.quantity * oi.unit_price AS amount FROM customers c JOIN orders o ON c.id = o.customer_id JOIN order_items oi ON o.order_id = oi.order_id JOIN products p ON oi.product_id = p.product_id WHERE c.id = 42 ORDER BY o.order_id, oi.item_id;
-- INNER JOIN, id = 7
SELECT c.name, o.order_id, o.total FROM customers c INNER JOIN orders o ON c.id = o.customer_id WHERE c.id = 7 ORDER BY o.order_id;
-- LEFT JOIN, id = 7
SELECT c.name, o.order_id FROM customers c LEFT JOIN orders o ON c.id = o.customer_id WHERE c.id = 7 ORDER BY o.order_id;
-- Multi-table JOIN (4), id = 7
SELECT c.name, o.order_id, oi.item_id, p.name AS product, oi.quantity * oi.unit_price AS amount FROM customers c JOIN orders o ON c.id = o.customer_id JOIN order_items oi ON o.order_id = oi.order_id JOIN products p ON oi.product_id = p.product_id WHERE c.id = 7 ORDER BY o.order_id, oi.item_id;
-- a customer without orders keeps its row in the LEFT JOIN
INSERT INTO customers VALUES (201, 'Customer_201', 'c201@test.com', 30, 'East', '{}', 'no orders');
SELECT c.name, o.order_id FROM customers c LEFT JOIN orders o ON c.id = o.customer_id WHERE c.id = 201;
-- Scalar subquery
SELECT name, (SELECT COUNT(*) FROM orders WHERE customer_id = customers.id) AS order_count FROM customers WHERE id <= 20 ORDER BY id;
-- CTE
WITH high_value AS (SELECT customer_id, SUM(total) AS total_spent FROM orders GROUP BY customer_id HAVING SUM(total) > 500) SELECT c.name, hv.total_spent FROM customers c JOIN high_value hv ON c.id = hv.customer_id ORDER BY c.id;
-- Recursive CTE: the category tree from its roots, with depth
WITH RECURSIVE tree AS (SELECT cat_id, name, parent_id, 0 AS depth FROM categories WHERE parent_id IS NULL UNION ALL SELECT c.cat_id, c.name, c.parent_id, t.depth + 1 FROM categories c JOIN tree t ON c.parent_id = t.cat_id) SELECT * FROM tree ORDER BY depth, cat_id;
-- UNION
SELECT name FROM customers WHERE age < 30 UNION SELECT name FROM customers WHERE region = 'East' ORDER BY 1;
-- DISTINCT
SELECT DISTINCT region FROM customers ORDER BY 1;
-- ORDER BY + LIMIT, offset 0
SELECT * FROM customers ORDER BY age DESC, name ASC LIMIT 20 OFFSET 0;
-- ORDER BY + LIMIT, offset 100
SELECT * FROM customers ORDER BY age DESC, name ASC LIMIT 20 OFFSET 100;
-- ORDER BY + LIMIT, offset 190
SELECT * FROM customers ORDER BY age DESC, name ASC LIMIT 20 OFFSET 190;
-- CASE expressions
SELECT name, CASE WHEN age < 25 THEN 'young' WHEN age < 50 THEN 'middle' ELSE 'senior' END AS age_group FROM customers WHERE id <= 100 ORDER BY id;

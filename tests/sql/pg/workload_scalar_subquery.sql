-- workload_scalar_subquery: the scalar-subquery category of the bench workload on its fixture
-- (../shared/bench-workload.md, without PRIMARY KEY and indexes): a correlated COUNT(*) per
-- customer, plus the same over every customer and as an ordered top list.
\i include/workload_fixture.sql
SELECT name, (SELECT COUNT(*) FROM orders WHERE customer_id = customers.id) AS order_count FROM customers WHERE id <= 20;
SELECT max(n), min(n), count(*) FROM (SELECT (SELECT COUNT(*) FROM orders WHERE customer_id = customers.id) AS n FROM customers) s;
SELECT name, (SELECT sum(total) FROM orders WHERE customer_id = customers.id AND status = 'shipped') AS shipped FROM customers WHERE id BETWEEN 1 AND 12 ORDER BY 2 DESC NULLS LAST, 1;
DROP TABLE customers, products, orders, order_items, categories;

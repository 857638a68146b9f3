-- join_order_plans: the join order the planner chooses by cost on the bench workload's
-- fixture (built by ../pg/join_order.sql, whose answers are PostgreSQL's): the 4-table join
-- with c.id = 42 starts from the one customer and its orders, never a cross product, the
-- smaller input of each hash join on its build (right) side; a comma list written biggest
-- table first and with a cross product first gets the same shape; LEFT JOINs that the inner
-- join above them makes inner (PostgreSQL's reduce_outer_joins) are ordered with it, as
-- PostgreSQL orders them; eight relations.  COSTS shows the estimated rows.  (The fixture script's own answers
-- come first, the same as in ../pg/join_order.out.)
\i ../pg/join_order.sql
EXPLAIN (COSTS) SELECT c.name, o.order_id, p.name, oi.quantity FROM customers c JOIN orders o ON c.id = o.customer_id JOIN order_items oi ON o.order_id = oi.order_id JOIN products p ON oi.product_id = p.product_id WHERE c.id = 42;
EXPLAIN (COSTS) SELECT c.name, o.order_id, p.name, oi.quantity FROM order_items oi, customers c, products p, orders o WHERE o.order_id = oi.order_id AND oi.product_id = p.product_id AND c.id = o.customer_id AND p.category = 'Books' AND c.age < 25;
EXPLAIN (COSTS) SELECT c.region, count(*), count(p.name) FROM customers c LEFT JOIN orders o ON c.id = o.customer_id AND o.status = 'shipped' LEFT JOIN order_items oi ON o.order_id = oi.order_id JOIN products p ON oi.product_id = p.product_id GROUP BY 1;
EXPLAIN (COSTS) SELECT count(*) FROM customers c JOIN orders o ON o.customer_id = c.id JOIN order_items oi ON oi.order_id = o.order_id JOIN products p ON p.product_id = oi.product_id JOIN orders o2 ON o2.customer_id = c.id JOIN order_items oi2 ON oi2.order_id = o2.order_id JOIN products p2 ON p2.product_id = oi2.product_id JOIN customers c2 ON c2.id = o2.customer_id WHERE c.id <= 20 AND p.category = 'Books' AND o2.order_id <> o.order_id;
EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) SELECT c.name, o.order_id, p.name, oi.quantity FROM customers c JOIN orders o ON c.id = o.customer_id JOIN order_items oi ON o.order_id = oi.order_id JOIN products p ON oi.product_id = p.product_id WHERE c.id = 42;


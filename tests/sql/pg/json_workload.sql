-- The workload fixture's customer metadata ('{"tier":"gold"}') as a jsonb column, queried as
-- applications query such columns: ->> in WHERE and GROUP BY, @> containment, ? existence.
\i include/workload_fixture.sql
CREATE TABLE customer_attrs (id int, attrs jsonb);
INSERT INTO customer_attrs SELECT id, metadata::jsonb FROM customers;
SELECT count(*) FROM customer_attrs WHERE attrs->>'tier' = 'gold';
SELECT count(*) FROM customer_attrs WHERE attrs @> '{"tier":"gold"}';
SELECT attrs->>'tier' AS tier, count(*) FROM customer_attrs GROUP BY attrs->>'tier' ORDER BY tier;
SELECT attrs, count(*) FROM customer_attrs GROUP BY attrs ORDER BY attrs;
SELECT c.region, a.attrs->'tier' AS tier, count(*) FROM customers c JOIN customer_attrs a ON a.id = c.id WHERE a.attrs ? 'tier' GROUP BY c.region, a.attrs->'tier' ORDER BY 1, 2;
SELECT id, attrs FROM customer_attrs WHERE attrs->>'tier' = 'silver' ORDER BY id LIMIT 3;
SELECT id, attrs || jsonb_build_object('id', id) FROM customer_attrs ORDER BY id LIMIT 2;

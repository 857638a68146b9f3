-- The window category of the seed's OLTP/SQL workload (../shared/bench-workload.md) on its
-- fixture, checked row for row against PostgreSQL 15: once as the workload writes it (its
-- rows in the order of PostgreSQL's window sort, which Sunstone's matches), and once with an
-- explicit ORDER BY.
\i include/workload_fixture.sql
SELECT name, age, region, ROW_NUMBER() OVER (PARTITION BY region ORDER BY age DESC) AS rn, RANK() OVER (PARTITION BY region ORDER BY age DESC) AS rnk, SUM(age) OVER (PARTITION BY region) AS region_total FROM customers WHERE id <= 100;
SELECT name, age, region, ROW_NUMBER() OVER (PARTITION BY region ORDER BY age DESC) AS rn, RANK() OVER (PARTITION BY region ORDER BY age DESC) AS rnk, SUM(age) OVER (PARTITION BY region) AS region_total FROM customers WHERE id <= 100 ORDER BY region_total, rn;

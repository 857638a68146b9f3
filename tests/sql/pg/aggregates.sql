-- Aggregates, GROUP BY, HAVING, DISTINCT, CASE and COALESCE.
CREATE TABLE sales (region text, amount int, price float8);
INSERT INTO sales VALUES ('east', 10, 1.5), ('west', 20, 2.5), ('east', 30, NULL), ('north', NULL, 4.0), (NULL, 5, 0.5);
SELECT count(*), count(amount), sum(amount), min(amount), max(amount) FROM sales;
SELECT region, count(*), sum(amount) FROM sales GROUP BY region ORDER BY region;
SELECT region, sum(amount) AS total FROM sales GROUP BY region HAVING sum(amount) > 10 ORDER BY total DESC;
SELECT region, avg(price), min(price), max(price) FROM sales GROUP BY 1 ORDER BY 1 NULLS FIRST;
SELECT DISTINCT region FROM sales ORDER BY region;
SELECT count(*) FROM sales WHERE amount > 100;
SELECT sum(amount), max(region) FROM sales WHERE amount > 100;
SELECT region, CASE WHEN amount >= 20 THEN 'big' WHEN amount IS NULL THEN 'none' ELSE 'small' END AS size FROM sales ORDER BY region, size;
SELECT COALESCE(region, 'unknown') AS r, COALESCE(amount, 0) FROM sales ORDER BY r, 2;
SELECT CASE region WHEN 'east' THEN 1 WHEN 'west' THEN 2 END AS code, count(*) FROM sales GROUP BY code ORDER BY code;
SELECT region, amount FROM sales GROUP BY region;
SELECT count(*) FROM sales WHERE sum(amount) > 1;
SELECT sum(region) FROM sales;
DROP TABLE IF EXISTS sales, nothere;
DROP TABLE sales;

-- named windows, inheritance, shared windows, NULL partition keys, empty partitions and frames, peers
CREATE TABLE sales (region text, city text, day int, amount numeric(10,2));
INSERT INTO sales VALUES ('east', 'a', 1, 10.00), ('east', 'a', 2, 20.50), ('east', 'b', 1, 5.25),
  ('west', 'c', 1, 7.00), ('west', 'c', 1, 7.00), ('west', 'd', 3, NULL), (NULL, 'e', 2, 3.00), (NULL, NULL, 2, 4.00);
SELECT region, city, day, amount, ROW_NUMBER() OVER (PARTITION BY region ORDER BY amount DESC, city, day) AS rn,
  RANK() OVER (PARTITION BY region ORDER BY amount DESC) AS rk,
  SUM(amount) OVER (PARTITION BY region) AS region_total
FROM sales ORDER BY region, rn;
SELECT city, day, sum(amount) OVER w, count(*) OVER w, avg(amount) OVER (w ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)
FROM sales WINDOW w AS (PARTITION BY region ORDER BY day) ORDER BY region, day, city, amount;
SELECT city, rank() OVER w2, sum(day) OVER w1 FROM sales WINDOW w1 AS (PARTITION BY region), w2 AS (w1 ORDER BY day, city) ORDER BY city NULLS LAST, 2;
SELECT city, first_value(city) OVER w, last_value(city) OVER w FROM sales WINDOW w AS (ORDER BY city NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) ORDER BY city;
SELECT region, count(*) OVER w FROM sales WINDOW w AS (PARTITION BY region), unused AS (ORDER BY day) ORDER BY 1, 2;
SELECT day, amount, sum(amount) OVER (ORDER BY day, amount ROWS BETWEEN 5 FOLLOWING AND 6 FOLLOWING), min(amount) OVER (ORDER BY day RANGE BETWEEN 10 FOLLOWING AND 20 FOLLOWING) FROM sales ORDER BY day, amount;
SELECT DISTINCT region, sum(amount) OVER (PARTITION BY region) FROM sales ORDER BY 1;
SELECT region, city, row_number() OVER (ORDER BY region NULLS FIRST, city) FROM sales ORDER BY 3;
SELECT day, rank() OVER (ORDER BY day), dense_rank() OVER (ORDER BY day), cume_dist() OVER (ORDER BY day), percent_rank() OVER (ORDER BY day) FROM sales ORDER BY day, 2;
SELECT region, sum(amount), row_number() OVER (ORDER BY sum(amount) DESC NULLS LAST), lag(region) OVER (ORDER BY region) FROM sales GROUP BY region ORDER BY region;
WITH r AS (SELECT city, amount, rank() OVER (ORDER BY amount DESC NULLS LAST) AS k FROM sales) SELECT * FROM r WHERE k <= 3 ORDER BY k, city;
SELECT s.city, s.amount, (SELECT max(x.rn) FROM (SELECT row_number() OVER () AS rn FROM sales t WHERE t.region = s.region) x) FROM sales s ORDER BY 1, 2;
SELECT count(*) OVER () FROM sales WHERE amount > 1000;
SELECT sum(amount) OVER (), count(*) FROM sales;
SELECT day, amount, sum(amount) OVER (PARTITION BY day % 2 ORDER BY day, amount), rank() OVER (PARTITION BY day % 2), dense_rank() OVER (PARTITION BY day % 2 ORDER BY day / 2) FROM sales ORDER BY day, amount;

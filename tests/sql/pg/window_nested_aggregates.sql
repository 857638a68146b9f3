-- Aggregates that only window definitions or window aggregates name (rank() OVER (ORDER BY
-- sum(x)), sum(sum(x)) OVER ()) are computed by the aggregation below the windows, and make
-- the query an aggregate one (grouping errors), as in PostgreSQL
CREATE TABLE wa (g int, x int, y numeric);
INSERT INTO wa VALUES (1, 10, 1.5), (1, 20, 2.5), (2, 5, 0.5), (2, NULL, 3), (3, 7, NULL), (3, 8, 4);
-- an aggregate only a window definition names
SELECT g, rank() OVER (ORDER BY sum(x)) FROM wa GROUP BY g ORDER BY g;
SELECT g, rank() OVER (ORDER BY sum(x) DESC NULLS LAST), dense_rank() OVER (PARTITION BY count(*) ORDER BY max(y)) FROM wa GROUP BY g ORDER BY g;
SELECT rank() OVER (ORDER BY sum(x)) FROM wa;
SELECT row_number() OVER (PARTITION BY avg(y)) FROM wa;
-- aggregates inside window aggregates
SELECT sum(sum(x)) OVER () FROM wa;
SELECT g, sum(sum(x)) OVER (ORDER BY g), avg(count(*)) OVER () FROM wa GROUP BY g ORDER BY g;
SELECT g, max(min(x) + 1) OVER (ORDER BY g ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM wa GROUP BY g ORDER BY g;
SELECT g, count(*) FILTER (WHERE sum(x) > 10) OVER () FROM wa GROUP BY g ORDER BY g;
SELECT g, sum(x) OVER w FROM wa GROUP BY g, x WINDOW w AS (ORDER BY max(y)) ORDER BY g, x;
SELECT g FROM wa GROUP BY g ORDER BY rank() OVER (ORDER BY sum(y) DESC), g;
SELECT g, string_agg(max(x)::text, ',') OVER (ORDER BY g) FROM wa GROUP BY g ORDER BY g;
-- a grouping error once the window makes the query an aggregate one
SELECT x, rank() OVER (ORDER BY sum(x)) FROM wa;
SELECT x FROM wa WINDOW w AS (ORDER BY sum(x));
SELECT 1 AS one FROM wa WINDOW w AS (ORDER BY sum(x));
SELECT sum(x) OVER (ORDER BY sum(x)) FROM wa;
SELECT sum(x) OVER (ORDER BY sum(x)) FROM wa GROUP BY x ORDER BY 1;

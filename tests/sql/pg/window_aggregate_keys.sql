-- Aggregates inside window definitions and window aggregate arguments: the aggregation
-- below computes them whether the select list names them or not (PostgreSQL adds them to
-- its Agg node's target list); an aggregate in FILTER is 42803
CREATE TABLE t (a int, x int);
INSERT INTO t VALUES (1, 1), (1, 2), (2, 5), (3, 4);
SELECT a, sum(x), rank() OVER (ORDER BY sum(x) DESC) FROM t GROUP BY a ORDER BY a;
SELECT a, sum(x), sum(sum(x)) OVER (ORDER BY a) FROM t GROUP BY a ORDER BY a;
SELECT a, count(*), row_number() OVER (PARTITION BY count(*) ORDER BY a) FROM t GROUP BY a ORDER BY a;
SELECT a, rank() OVER (ORDER BY sum(x)) FROM t GROUP BY a ORDER BY a;
SELECT a, rank() OVER (PARTITION BY sum(x) > 3 ORDER BY a) FROM t GROUP BY a ORDER BY a;
SELECT a, sum(sum(x)) OVER () FROM t GROUP BY a ORDER BY a;
SELECT a, count(*) FILTER (WHERE sum(x) > 3) OVER () FROM t GROUP BY a ORDER BY a;
SELECT rank() OVER (ORDER BY sum(x)) FROM t;

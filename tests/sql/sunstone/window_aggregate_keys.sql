-- Aggregates inside window definitions and window aggregate arguments: those the select
-- list computes are shared and work; others are refused with 0A000 (they used to sort on
-- or sum a value the aggregation below did not compute: wrong answers)
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

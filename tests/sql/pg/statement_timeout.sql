-- statement_timeout cancels a long statement with 57014; the table is unchanged and the next
-- statement runs.
CREATE TABLE big (b text);
INSERT INTO big VALUES (repeat('b', 100000));
INSERT INTO big SELECT b FROM big;
SET statement_timeout = 50;
-- each row costs about 2.5e9 LIKE steps
SELECT count(*) FROM big WHERE b LIKE '%' || repeat('b', 50000) || 'c';
INSERT INTO big SELECT b FROM big WHERE b LIKE '%' || repeat('b', 50000) || 'c' OR length(b) > 0;
SELECT count(*) FROM big;
SET statement_timeout = '100ms';
SELECT b FROM big WHERE b LIKE '%' || repeat('b', 50000) || 'c' ORDER BY b;
SELECT count(*) FROM big WHERE length(b) > 0 GROUP BY b LIKE '%' || repeat('b', 50000) || 'c';
-- a constant expression: evaluated while planning, cancelled all the same
SELECT repeat('b', 100000) LIKE '%' || repeat('b', 50000) || 'c' AS folded;
RESET statement_timeout;
SELECT count(*), sum(length(b)) FROM big;
DROP TABLE big;

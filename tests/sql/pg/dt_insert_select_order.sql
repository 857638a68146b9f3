-- INSERT ... SELECT over a simple select: PostgreSQL pulls the select up, so each column's
-- item and its assignment cast are computed in column order (the first failing column's
-- error comes first); over a grouped or ordered select the select's items come first.
CREATE TABLE t2 (q int2, r integer, s smallint);
INSERT INTO t2 VALUES (1, -2147483648, 0);
INSERT INTO t2 SELECT r, q, (r - q) FROM t2;
INSERT INTO t2 SELECT r, q, (r - q) FROM t2 WHERE s = 0;
INSERT INTO t2 (s, q) SELECT r, r - 1 FROM t2;
INSERT INTO t2 (s, q) SELECT r - 1, r FROM t2;
INSERT INTO t2 SELECT r, q, (r - q) FROM t2 ORDER BY 1;
INSERT INTO t2 SELECT max(r), 1, max(r) - 1 FROM t2;
INSERT INTO t2 SELECT r, q, (r - q) FROM t2 LIMIT 1;
INSERT INTO t2 SELECT x.r, y.q, x.r - y.q FROM t2 AS x JOIN t2 AS y ON x.q = y.q;
-- what succeeds is unchanged
INSERT INTO t2 SELECT q + 1, r + 1, s - 1 FROM t2;
INSERT INTO t2 (r) SELECT q * 10 FROM t2 WHERE q > 1;
SELECT * FROM t2 ORDER BY 1, 2, 3;
DROP TABLE t2;

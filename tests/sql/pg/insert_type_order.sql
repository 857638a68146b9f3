-- INSERT ... VALUES types every value before any is checked against its column's length or
-- precision (PostgreSQL folds those coercions while planning): a type mismatch in any row or
-- column is the error reported, even after a value that is too long.
CREATE TABLE t (b varchar(2), c bool, n numeric(3,1));
INSERT INTO t VALUES ('maybe', 2147483648, 1);
INSERT INTO t VALUES ('maybe', true, 1), ('ok', 5, 1);
INSERT INTO t VALUES ('ok', true, 1000), ('ok', 5, 1);
INSERT INTO t VALUES ('maybe', true, 1000);
INSERT INTO t VALUES ('ok', true, 1000);
INSERT INTO t (n, b) VALUES (12.34, 'ab'), (1, 'abc');
INSERT INTO t VALUES ('ab ', false, 99.94), ('x', NULL, -99.9);
SELECT * FROM t ORDER BY n;
DROP TABLE t;

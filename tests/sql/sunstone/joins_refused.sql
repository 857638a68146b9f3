-- joins_refused: the joins Sunstone does not have yet are refused with 0A000 naming them.
CREATE TABLE t (a int, b int);
CREATE TABLE u (a int, c int);
SELECT * FROM t JOIN u USING (a) AS j;
SELECT * FROM t JOIN (SELECT 1::int8 AS a) s USING (a);
SELECT * FROM (t JOIN u ON t.a = u.a) AS j;
SELECT * FROM t JOIN generate_series(1, 2) g ON true;

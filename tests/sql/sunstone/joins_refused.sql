-- joins_refused: the joins Sunstone does not have yet are refused with 0A000 naming them.
CREATE TABLE t (a int, b int);
CREATE TABLE u (a int, c int);
SELECT * FROM t, LATERAL generate_series(1, t.a) g;
SELECT * FROM t JOIN u ON t.a = u.a, LATERAL generate_series(t.a, u.c) g;

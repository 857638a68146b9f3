-- joins_refused: the joins Sunstone does not have yet are refused with 0A000 naming them.
CREATE TABLE t (a int, b int);
CREATE TABLE u (a int, c int);
-- (a function reading the columns of earlier FROM items runs again per row wherever it is:
-- sql/pg/from_function_lateral_join)

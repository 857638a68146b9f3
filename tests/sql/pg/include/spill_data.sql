-- The tables the spill tests share: d(i) holds 0..9; t holds 100 000 rows of an int key a,
-- a text b of 97 values, a float8 c and an int n with NULLs.
CREATE TABLE d (i int);
INSERT INTO d VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9);
CREATE TABLE t (a int, b text, c float8, n int);
INSERT INTO t
SELECT a.i*10000 + b.i*1000 + c.i*100 + e.i*10 + f.i,
       'v' || ((a.i*7 + b.i*3 + c.i*11 + e.i*13 + f.i*17) % 97)::text,
       f.i * 0.5::float8,
       CASE WHEN (b.i + f.i) % 7 = 0 THEN NULL ELSE (a.i*31 + c.i*7 + e.i) % 50 END
FROM d a, d b, d c, d e, d f;

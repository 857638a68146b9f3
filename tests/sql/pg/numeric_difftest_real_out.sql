-- difftest (--types numeric): real's output is the shortest decimal strictly inside the
-- float's rounding interval, as PostgreSQL's Ryu; a decimal exactly halfway to a neighbour
-- (which reads back under round-half-even) is not printed
SELECT 33677888::real, 992578432::real, 903644032::real, 52346128::real, 40188352::real;
SELECT '9.9257843e+08'::real, '5.2346128e+07'::real::float8, 83827136::real, 99824704::real;
SELECT 16777216::real, 16777217::real, 33554436::real, 1e10::real, 3.4028235e38::real, 1.17549435e-38::real;
SELECT 8388608::real, 0.5::real, 1.5e-45::real, 1e-45::real, 7e-45::real, '1.4e-45'::real;
CREATE TABLE t1 (b real);
INSERT INTO t1 VALUES (16777217), (16777217), (123456.789);
SELECT sum(b), max(b) * 2 FROM t1;
SELECT b * 2.5::real FROM t1 ORDER BY 1;
DROP TABLE t1;

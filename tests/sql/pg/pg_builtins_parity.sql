-- Calls PostgreSQL rejects as well keep its errors: no such function or operator (42883),
-- not unique (42725), count() (42809); a type name applied to one value is a cast.
CREATE TABLE t (a int, b text, c bool);
SELECT foo(1);
SELECT foo();
SELECT length(1);
SELECT round(1.5::float8, 1);
SELECT lower(a) FROM t;
SELECT bool_and(1);
SELECT string_agg(a, a) FROM t;
SELECT 'a' ~ 1;
SELECT 1 ~ 2;
SELECT a ~ b FROM t;
SELECT 1 + 'a'::text;
SELECT true - 1;
SELECT count();
SELECT sum();
SELECT sum(1, 2);
SELECT mod(NULL, NULL);
SELECT enum_first('x');
SELECT int4('7'), int8(7), text(7), bool('t'), float8('1.5'::text), varchar(12);
SELECT int2(70000);
SELECT int4('x'::text);
SELECT int8(true);
SELECT bool(1.5::float8);
DROP TABLE t;

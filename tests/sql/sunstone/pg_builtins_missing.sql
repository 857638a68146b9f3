-- Functions, aggregates, operators and type casts PostgreSQL 15 has and Sunstone does not
-- yet are refused with 0A000 naming them (core/types/pg_builtins_data.c, generated from
-- PostgreSQL's catalog), at the call; what PostgreSQL lacks too keeps its 42883
-- (tests/sql/pg/pg_builtins_parity.sql).
CREATE TABLE t (a int, b text, c bool);
SELECT xmlagg(NULL) FROM t;
SELECT a::text ~<~ 'x' FROM t;
SELECT 'a'::text ~>=~ 'b';
SELECT box('(1,1),(0,0)');
SELECT name(7);
DROP TABLE t;

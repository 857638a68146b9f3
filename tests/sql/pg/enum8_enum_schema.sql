-- DROP SCHEMA over enum types: the dependency DETAIL, CASCADE to the types and the columns using them
CREATE SCHEMA s;
CREATE TYPE s.lvl AS ENUM ('lo', 'hi');
CREATE TABLE s.inner_t (l s.lvl);
CREATE TABLE outer_t (id int, l s.lvl, ls s.lvl[]);
DROP SCHEMA s;
DROP SCHEMA s CASCADE;
SELECT * FROM outer_t;
CREATE SCHEMA s2;
CREATE TYPE s2.e AS ENUM ('x');
DROP SCHEMA s2 CASCADE;
SELECT 'x'::s2.e;
DROP TABLE outer_t;

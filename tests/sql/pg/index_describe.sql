-- index_describe: \d TABLE's "Indexes:" footer as psql 15 prints it: the primary key first,
-- then by name; PRIMARY KEY, UNIQUE CONSTRAINT, UNIQUE and plain indexes; DESC, NULLS FIRST
-- and NULLS LAST key columns; before the CHECK constraints; CREATE INDEX IF NOT EXISTS.
CREATE TABLE d1 (id int PRIMARY KEY, a int UNIQUE, b text, c bigint CHECK (c > 0));
CREATE INDEX d1_b ON d1 (b DESC NULLS LAST, a);
CREATE UNIQUE INDEX d1_c_u ON d1 (c NULLS FIRST);
CREATE INDEX ON d1 (c DESC);
CREATE INDEX IF NOT EXISTS d1_b ON d1 (a);
CREATE INDEX ab_first ON d1 (a, b);
\d d1
CREATE TABLE d2 (x int, y text, CONSTRAINT d2_named PRIMARY KEY (y, x));
\d d2
DROP INDEX d1_b;
\d d1
CREATE TABLE d3 (z int);
\d d3
DROP TABLE d1, d2, d3;

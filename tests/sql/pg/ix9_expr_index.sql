-- Expression indexes (issue 9): keys that are expressions or function calls, mixed with
-- columns; PostgreSQL's checks, generated names, maintenance on every write, UNIQUE with
-- its DETAIL, ON CONFLICT inference, \d / \di / pg_indexes, DROP and RENAME COLUMN.
CREATE TABLE t (a int, b text, c varchar(10));
INSERT INTO t VALUES (1, 'X', 'Q'), (2, 'y', NULL), (-3, NULL, 'z');
CREATE INDEX ON t ((a + 1));
CREATE INDEX ON t (lower(b));
CREATE INDEX ON t ((a * 2), (b || 'x'));
CREATE INDEX ON t (lower(c));
CREATE INDEX ON t (abs(a));
CREATE INDEX ON t (a, lower(b) DESC);
CREATE INDEX named_one ON t ((a - 1) DESC NULLS LAST);
\d t
\di
SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 't' ORDER BY 1;
\d t_expr_idx
\d t_a_lower_idx
-- errors
CREATE INDEX ON t (random());
CREATE INDEX ON t ((a + random()::int));
CREATE INDEX ON t (now());
CREATE INDEX ON t ((count(*)));
CREATE INDEX ON t ((a IN (SELECT 1)));
CREATE INDEX ON t ((zz + 1));
CREATE INDEX ON t (($1 + a));
CREATE INDEX ON t ((row_number() OVER ()));
-- maintenance: INSERT, UPDATE, DELETE, COPY
CREATE TABLE m (id int, name text);
CREATE UNIQUE INDEX m_lower ON m (lower(name));
INSERT INTO m VALUES (1, 'Alice'), (2, 'Bob');
INSERT INTO m VALUES (3, 'ALICE');
INSERT INTO m VALUES (3, 'carol'), (4, 'CAROL');
UPDATE m SET name = 'bob' WHERE id = 1;
UPDATE m SET name = 'Alicia' WHERE id = 1;
INSERT INTO m VALUES (5, 'alice');
DELETE FROM m WHERE id = 5;
INSERT INTO m VALUES (5, 'ALICE');
INSERT INTO m VALUES (6, NULL), (7, NULL);
SELECT * FROM m WHERE lower(name) = 'alice';
SELECT * FROM m WHERE lower(name) = 'bob';
SELECT * FROM m ORDER BY id;
-- a statement that fails leaves no entries behind
INSERT INTO m VALUES (8, 'dave'), (9, 'DAVE');
INSERT INTO m VALUES (8, 'dave');
SELECT * FROM m WHERE lower(name) = 'dave';
-- ON CONFLICT on the expression
INSERT INTO m VALUES (10, 'BOB') ON CONFLICT (lower(name)) DO UPDATE SET id = m.id + 100;
INSERT INTO m VALUES (11, 'Bob') ON CONFLICT (lower(name)) DO NOTHING;
INSERT INTO m VALUES (11, 'Bob') ON CONFLICT DO NOTHING;
INSERT INTO m VALUES (12, 'eve') ON CONFLICT (name) DO NOTHING;
INSERT INTO m VALUES (12, 'eve') ON CONFLICT (upper(name)) DO NOTHING;
SELECT * FROM m ORDER BY id;
-- CREATE UNIQUE INDEX over duplicates
CREATE UNIQUE INDEX m_id_mod ON m ((id % 2));
-- RENAME COLUMN shows in the definition; DROP COLUMN drops the index
ALTER TABLE m RENAME COLUMN name TO label;
\d m
SELECT * FROM m WHERE lower(label) = 'alicia';
ALTER TABLE m ADD COLUMN extra int;
ALTER TABLE m DROP COLUMN id;
\d m
INSERT INTO m VALUES ('FRANK', 1), ('frank', 2);
ALTER TABLE m DROP COLUMN label;
\d m
DROP TABLE m;
DROP TABLE t;
-- ORDER BY ... LIMIT on an index expression
CREATE TABLE o (a int, b text);
INSERT INTO o SELECT g, 'v' || (g % 100) FROM generate_series(1, 2000) g;
CREATE INDEX ON o (lower(b));
CREATE INDEX ON o ((a % 10), a);
SELECT * FROM o ORDER BY lower(b), a LIMIT 3;
SELECT a FROM o WHERE a % 10 = 3 ORDER BY a DESC LIMIT 3;
SELECT a FROM o WHERE a % 10 = 3 ORDER BY a LIMIT 3 OFFSET 2;
SELECT a % 10, a FROM o ORDER BY a % 10, a LIMIT 4;
DROP TABLE o;

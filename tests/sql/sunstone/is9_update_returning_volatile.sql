-- UPDATE ... RETURNING a column set by a volatile expression: substituting the expression
-- would call it again (another nextval than the one written), so it is refused (0A000)
-- until RETURNING reads the written value; a column set by a stable expression is returned
CREATE TABLE t2 (a int, d text);
CREATE SEQUENCE q;
INSERT INTO t2 VALUES (0, 'z');
UPDATE t2 SET a = nextval('q') RETURNING a, a;
UPDATE t2 SET a = nextval('q') RETURNING d;
SELECT a, currval('q') FROM t2;
UPDATE t2 SET a = a + 1 RETURNING a, a * 2;
CREATE TABLE ids (a int GENERATED ALWAYS AS IDENTITY, d text);
INSERT INTO ids (d) VALUES ('x');
UPDATE ids SET a = DEFAULT RETURNING a;
UPDATE ids SET a = DEFAULT RETURNING d;
SELECT a FROM ids;

-- Behaviour that comes from PostgreSQL's parse analysis and planner rather than from
-- execution: output column names, constant folding (and which error is reported first),
-- CASE branches dropped by constant conditions, WHERE/HAVING folded to false.
CREATE TABLE t (a int, b text, c smallint);
INSERT INTO t VALUES (0, 'x', 1), (5, NULL, 2);
SELECT false, true AS yes, 1::int4, (7::text)::float8, CAST(2::smallint AS integer), (NULL::int)::text;
SELECT CASE WHEN a > 0 THEN b ELSE b END, CASE WHEN a > 0 THEN 1 ELSE 2 END, COALESCE(b, 'none') FROM t ORDER BY 1, 2, 3;
SELECT -2147483648, pg_typeof_is_not_here FROM t;
SELECT -2147483648 AS min_int, -2147483648 + 0 AS still_int;
SELECT 'ab' LIKE 'a\', '' LIKE '\';
SELECT '' LIKE '\', 'a' LIKE 'a%\';
SELECT a FROM t WHERE a / 0 = 1 AND NULL;
SELECT a FROM t WHERE false AND a / 0 = 1;
SELECT count(*) FROM t HAVING NULL;
SELECT CASE WHEN NULL::boolean THEN 2 WHEN NOT true THEN -32768::smallint WHEN 't'::boolean THEN 1 ELSE -5 END;
SELECT CASE WHEN false THEN 1 / 0 ELSE 3 END, CASE WHEN true THEN 'a' ELSE 'b' END;
SELECT -32768::smallint, (1e3 - ('ab   ')::smallint);
SELECT 1 / 0, (46341)::smallint;
SELECT a FROM t WHERE ((7)::bigint)::boolean;
SELECT ('t' || (NULL::smallint)::boolean);
SELECT power(2, 3), 2 ^ 0.5::float8, 0 ^ 0;
SELECT mod(0, 0) FROM t WHERE false;
SELECT COALESCE('a', max(substr(b, a, a)), 'x') FROM t;
SELECT COALESCE(NULL, 2, 1 / 0), COALESCE(b, 'none') FROM t ORDER BY 2;

SELECT NULL - NULL;
SELECT - NULL;
SELECT 'a' + 'b';
SELECT avg(NULL), 1;
SELECT sum('5');
SELECT max('abc');
SELECT count(NULL), NULL = NULL, 'a' || 'b';

CREATE TABLE z (f float8, v varchar(2));
INSERT INTO z VALUES (-0.0, 'a');
SELECT f, (-0.0)::float8 AS lit, 1::float8 * -0.0 AS prod FROM z;
SELECT v FROM z WHERE v;
SELECT v * 2 FROM z;
SELECT 1::float8 NOT BETWEEN 0 AND 'a'::text;
SELECT 5 NOT BETWEEN 1 AND 3, 2 NOT BETWEEN 1 AND 3, NULL::int NOT BETWEEN 1 AND 3;
DROP TABLE z, z;
DROP TABLE t;

-- CASE as PostgreSQL analyses and plans it: ELSE resolved before the THENs, errors about a
-- whole expression at its leftmost operand, aggregates only in branches that can run.
CREATE TABLE t2 (r varchar(5));
INSERT INTO t2 VALUES ('1.5');
SELECT CASE 2 WHEN 2::smallint THEN NULL::int WHEN sum((r)::smallint) THEN 10 WHEN 100 THEN 10 ELSE NULL::int END FROM t2;
SELECT CASE WHEN true THEN 1 ELSE sum(r::int) END, count(*) FROM t2;
SELECT CASE WHEN true THEN count(*) ELSE sum(r::int) END, sum(length(r)) FROM t2;
SELECT CASE 0.5::float8 WHEN 'Infinity'::float8 THEN 'yes'::boolean WHEN 'NaN'::float8 THEN true ELSE r END FROM t2;
SELECT CASE WHEN true THEN 1 WHEN false THEN 'x' ELSE 2.5::float8 END;
SELECT (NOT true || 'a_c');
SELECT 1 FROM t2 WHERE r || 'x';
SELECT 1 FROM t2 WHERE r::int + 1;
SELECT 1 FROM t2 WHERE r IS NULL AND length(r) + 1;
SELECT COALESCE(r, 1 + 2);
SELECT COALESCE(r, length(r) + 2) FROM t2;
SELECT CASE WHEN true THEN r ELSE length(r) + 2 END FROM t2;
SELECT CASE WHEN true THEN length(r) + 2 ELSE r END FROM t2;
SELECT substr(COALESCE('abc'::varchar(2), 'a', substr(' x ', -1)), 3, (NULL)::bigint);
SELECT substr(COALESCE('abc'::text, 'a'::varchar), 3, (NULL)::bigint);
SELECT substr(CASE WHEN true THEN 'a'::text ELSE 'b'::varchar END, 1, 1::int8);
SELECT COALESCE('abc'::varchar(2), 'xyz'::varchar(3)), COALESCE('a'::varchar, 'b'::text) || 1;
SELECT CASE WHEN false THEN 'abcd'::varchar(4) ELSE 'abc'::text END;
DROP TABLE t2;

-- a table's row type compared and unified with anonymous records (ROW(...) without a cast),
-- as PostgreSQL 15: record = record with record_eq's run-time checks of the field types
-- (an untyped literal in ROW stays unknown), and select_common_type's categories (a row
-- type is C, record is P: they do not match)
CREATE TABLE rt8p (a int, b text);
CREATE TABLE rt8p2 (a int, b text);
CREATE TABLE rt8q (id int, x rt8p, xs rt8p[], y rt8p2);
INSERT INTO rt8q VALUES (1, ROW(1,'a'), ARRAY[ROW(1,'a')::rt8p], ROW(1,'a')), (2, NULL, NULL, NULL);
-- comparison operators
SELECT id, x = ROW(1,'a') FROM rt8q ORDER BY id;
SELECT id, x <> ROW(1,'a') FROM rt8q ORDER BY id;
SELECT id, x < ROW(1,'a') FROM rt8q ORDER BY id;
SELECT id, ROW(1,'a') = x FROM rt8q ORDER BY id;
SELECT id, ROW(1,'a') < x FROM rt8q ORDER BY id;
SELECT id, x = (1,'a') FROM rt8q ORDER BY id;
SELECT id, x = ROW(2,'a') FROM rt8q ORDER BY id;
SELECT id, x = ROW(1,NULL) FROM rt8q ORDER BY id;
SELECT id, x = ROW(1,2) FROM rt8q ORDER BY id;
SELECT id, x = ROW(1::int8,'a'::text) FROM rt8q ORDER BY id;
SELECT id, x = ROW(1) FROM rt8q ORDER BY id;
SELECT id, x = ROW(1,'a'::text), x = ROW(1,'a')::rt8p FROM rt8q ORDER BY id;
SELECT id, x = y, x < y FROM rt8q ORDER BY id;
SELECT id FROM rt8q WHERE x = '(1,a)';
SELECT ROW(1,'a') = ROW(1,'a'), ROW(1,'a') < ROW(1,'b');
-- empty input: the check is made on values only
SELECT id FROM rt8q WHERE id > 5 AND x = ROW(1,'a');
-- IS DISTINCT FROM, NULLIF
SELECT id, x IS DISTINCT FROM ROW(1,'a') FROM rt8q ORDER BY id;
SELECT id, x IS DISTINCT FROM ROW(1,'a') FROM rt8q WHERE id = 2;
SELECT id, x IS NOT DISTINCT FROM ROW(1,'a') FROM rt8q WHERE id = 2;
SELECT id, x IS DISTINCT FROM NULL, x IS NOT DISTINCT FROM ROW(1,'a')::rt8p FROM rt8q ORDER BY id;
SELECT id, x IS DISTINCT FROM y FROM rt8q ORDER BY id;
SELECT NULLIF(x, ROW(1,'a')) FROM rt8q ORDER BY id;
SELECT id, NULLIF(x, ROW(1,'a')::rt8p), NULLIF(x, ROW(2,'b')::rt8p) FROM rt8q ORDER BY id;
SELECT NULLIF(x, '(1,a)') FROM rt8q;
-- COALESCE, CASE, GREATEST, LEAST
SELECT coalesce(x, ROW(0,'none')) FROM rt8q ORDER BY id;
SELECT coalesce(x, ROW(0,'none')::rt8p) FROM rt8q ORDER BY id;
SELECT coalesce(x, NULL) FROM rt8q ORDER BY id;
SELECT coalesce(x, y) FROM rt8q;
SELECT coalesce(ROW(1,'a'), ROW(2,'b')), coalesce(ROW(1,'a'), ROW(2,'b',3));
SELECT coalesce(xs, ARRAY[ROW(1,'a')]) FROM rt8q;
SELECT coalesce(ARRAY[ROW(1,'a')], xs) FROM rt8q;
SELECT CASE WHEN id = 1 THEN x ELSE ROW(0,'none') END FROM rt8q ORDER BY id;
SELECT CASE WHEN id = 1 THEN ROW(0,'none') ELSE x END FROM rt8q ORDER BY id;
SELECT CASE WHEN id = 1 THEN x ELSE NULL END FROM rt8q ORDER BY id;
SELECT CASE WHEN id = 1 THEN x ELSE '(5,e)' END FROM rt8q ORDER BY id;
SELECT GREATEST(x, ROW(1,'a')) FROM rt8q ORDER BY id;
SELECT LEAST(x, ROW(1,'a')) FROM rt8q ORDER BY id;
SELECT GREATEST(x, '(1,b)') FROM rt8q ORDER BY id;
-- set operations and VALUES
SELECT x FROM rt8q UNION SELECT ROW(1,'a');
SELECT ROW(1,'a') UNION SELECT x FROM rt8q;
SELECT x FROM rt8q UNION ALL SELECT ROW(1,'a');
SELECT x FROM rt8q UNION SELECT y FROM rt8q;
SELECT x FROM rt8q UNION SELECT ROW(1,'a')::rt8p ORDER BY 1;
SELECT x FROM rt8q WHERE id = 1 INTERSECT SELECT ROW(1,'a')::rt8p;
SELECT * FROM (VALUES (ROW(1,'a')::rt8p), (ROW(2,'b'))) v(c);
SELECT * FROM (VALUES (ROW(1,'a')), (ROW(2,'b')::rt8p)) v(c);
SELECT * FROM (VALUES (ROW(1,'a')), (ROW(2,'b'))) v(c) ORDER BY 1;
SELECT ARRAY[x, ROW(1,'a')] FROM rt8q;
SELECT ARRAY[ROW(1,'a'), x] FROM rt8q;
-- IN lists and = ANY
SELECT id FROM rt8q WHERE x IN (ROW(1,'a'), ROW(2,'b'));
SELECT id FROM rt8q WHERE x IN (ROW(1,'a')::rt8p, ROW(2,'b'));
SELECT id FROM rt8q WHERE x IN (ROW(1,'a')::rt8p, ROW(2,'b')::rt8p);
SELECT id FROM rt8q WHERE x NOT IN (ROW(1,'a'));
SELECT ROW(1,'a') IN (ROW(1,'a'));
SELECT id FROM rt8q WHERE x = ANY(ARRAY[ROW(1,'a')]);
SELECT id FROM rt8q WHERE x = ANY(ARRAY[ROW(1,'a')::rt8p]);
SELECT id, x = ANY(xs), x <> ALL(xs) FROM rt8q ORDER BY id;
SELECT id FROM rt8q WHERE ROW(1,'a') = ANY(xs);
SELECT id, x = ANY(ARRAY[ROW(1,'a'::text)]) FROM rt8q ORDER BY id;
SELECT ROW(1,'a')::rt8p = ANY(ARRAY[ROW(1,'a')]);
SELECT id FROM rt8q WHERE x = ANY('{"(1,a)"}');
-- the anonymous record's input
SELECT '(1,a)'::record;
SELECT pg_typeof(ROW(1,'a')), ROW(1,'a')::text, to_json(ROW(1,'a')), ROW(1,'a')::rt8p;

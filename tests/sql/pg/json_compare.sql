-- jsonb's order, equality and hashing (PostgreSQL's jsonb_cmp: object > array > boolean >
-- number > string > null, containers by size first, a top-level scalar below a one-element
-- array), so that ORDER BY, GROUP BY, DISTINCT and joins work; json has no equality.
SELECT 'null'::jsonb < '[]', '5'::jsonb > '[]'::jsonb, '5'::jsonb > '[1]', '{}'::jsonb > '[1,2]', '"a"'::jsonb < '1', 'true'::jsonb > '1';
SELECT '{"b":1}'::jsonb < '{"aa":1}', '{"a":1,"b":2}'::jsonb > '{"c":1}', '[1,2]'::jsonb < '[2]', '[[1]]'::jsonb > '[1]';
SELECT '1.0'::jsonb = '1'::jsonb, '{"a":1.0}'::jsonb = '{"a":1}', '[1,2]'::jsonb <> '[2,1]', 'false'::jsonb <= 'true', '"b"'::jsonb >= '"a"';
CREATE TABLE jc (id int, v jsonb);
INSERT INTO jc VALUES (1, '{"a":1}'), (2, '[1,2]'), (3, '"x"'), (4, '1'), (5, 'null'), (6, 'true'), (7, '{"a":1.0}'), (8, '[]'), (9, '{}'), (10, '2.5'), (11, NULL), (12, '"a"'), (13, '[3]'), (14, 'false');
SELECT v FROM jc ORDER BY v, id;
SELECT v FROM jc ORDER BY v DESC NULLS LAST, id;
SELECT v, count(*) FROM jc GROUP BY v ORDER BY v;
SELECT DISTINCT v FROM jc ORDER BY v;
SELECT a.id, b.id FROM jc a JOIN jc b ON a.v = b.v WHERE a.id < b.id ORDER BY 1, 2;
SELECT min(v), max(v) FROM jc;
CREATE TABLE jn (id int, v json);
INSERT INTO jn VALUES (1, '{"a":1}'), (2, '{"a":1}');
SELECT v FROM jn GROUP BY v;
SELECT DISTINCT v FROM jn;
SELECT v = v FROM jn;
SELECT v FROM jn ORDER BY v;

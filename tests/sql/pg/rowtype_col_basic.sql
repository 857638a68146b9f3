-- columns of a table's row type (composite columns): values, field selection, comparison,
-- ordering, grouping, null tests, casts, JSON and COPY
CREATE TABLE rcp (a int, b text);
CREATE TABLE rcq (id int, x rcp);
INSERT INTO rcq VALUES (1, ROW(1,'a')), (2, '(2,b)'), (3, NULL), (4, (1,'a')::rcp), (5, ROW(NULL,NULL)), (6, ROW(1,NULL));
INSERT INTO rcq SELECT 7, '(0,"x y")';
INSERT INTO rcq VALUES (8, '(9,"q""uote")');
SELECT * FROM rcq ORDER BY id;
SELECT id, x, (x).a, (rcq.x).b, (x).a + 1 AS a1 FROM rcq ORDER BY id;
SELECT (x).* FROM rcq ORDER BY id;
SELECT id, (x).*, (rcq).id FROM rcq ORDER BY id;
SELECT (rcq).* FROM rcq WHERE id < 3 ORDER BY id;
SELECT id, x = ROW(1,'a')::rcp AS eq, x < ROW(2,'a')::rcp AS lt, x IS DISTINCT FROM ROW(1,'a')::rcp AS dist FROM rcq ORDER BY id;
SELECT x FROM rcq ORDER BY x;
SELECT x FROM rcq ORDER BY x DESC NULLS LAST;
SELECT x, count(*) FROM rcq GROUP BY x ORDER BY x;
SELECT DISTINCT x FROM rcq ORDER BY x;
SELECT count(DISTINCT x) FROM rcq;
SELECT id, x IS NULL AS isnull, x IS NOT NULL AS notnull, NOT (x IS NULL) AS not_isnull FROM rcq ORDER BY id;
SELECT id FROM rcq WHERE x IS NULL ORDER BY id;
SELECT x::text, x::text::rcp, '(7,z)'::rcp, pg_typeof(x), pg_typeof((x).a) FROM rcq WHERE id = 1;
SELECT '(1,2,3)'::rcp;
SELECT '1,2'::rcp;
SELECT a.id, b.id FROM rcq a JOIN rcq b ON a.x = b.x AND a.id < b.id ORDER BY 1, 2;
SELECT x FROM rcq WHERE id <= 2 UNION SELECT '(1,a)'::rcp ORDER BY 1;
SELECT min(id), max(id) FROM rcq GROUP BY (x).a ORDER BY 1;
-- errors
SELECT (x).c FROM rcq;
SELECT (id).* FROM rcq;
SELECT (x).a.b FROM rcq;
SELECT x.a FROM rcq;
INSERT INTO rcq VALUES (9, 5);
INSERT INTO rcq VALUES (9, ROW(1,2,3));
INSERT INTO rcq VALUES (9, '(x,y)');
-- JSON
SELECT to_jsonb(rcq.*) FROM rcq ORDER BY id;
SELECT to_json(rcq), row_to_json(rcq) FROM rcq WHERE id = 1;
SELECT json_agg(x ORDER BY id) FROM rcq WHERE id < 4;
SELECT jsonb_populate_record(null::rcq, '{"id":9,"x":{"a":3,"b":"c"}}');
SELECT * FROM jsonb_populate_record(null::rcq, '{"id":9,"x":"(4,d)"}');
-- UPDATE of the whole value
UPDATE rcq SET x = ROW(7, 'g') WHERE id = 3;
UPDATE rcq SET x = '(8,h)' WHERE id = 5;
UPDATE rcq SET x = NULL WHERE id = 6;
SELECT * FROM rcq WHERE id IN (3, 5, 6) ORDER BY id;
-- COPY out and in
COPY rcq TO STDOUT;
COPY (SELECT x FROM rcq WHERE id < 3 ORDER BY id) TO STDOUT WITH (FORMAT csv);
CREATE TABLE rcq2 (id int, x rcp);
COPY rcq2 FROM STDIN;
5	(5,e)
6	\N
7	(7,"x y")
\.
COPY rcq2 FROM STDIN;
8	(8,e,f)
\.
COPY rcq2 FROM STDIN (FORMAT csv);
9,"(9,""a,b"")"
\.
SELECT * FROM rcq2 ORDER BY id;
\d rcq

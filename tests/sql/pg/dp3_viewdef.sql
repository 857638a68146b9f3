-- pg_get_viewdef / \d+ of the view forms added in issue 9: casts of non-empty arrays
-- (ARRAY[...]::t[], each element cast), whole-row references as values (row_to_json(t),
-- to_json(t.*), json_agg(t)), FULL JOIN ... USING (the merged column unqualified), aliased
-- joins ((a JOIN b USING (x)) j, read as j.x); and that each view still works after
-- ALTER TABLE ... RENAME COLUMN of a column it reads.
CREATE TABLE dpa (x int, y text, arr int[]);
INSERT INTO dpa VALUES (1, 'one', ARRAY[1, 2]), (2, 'two', ARRAY[3]), (4, NULL, NULL);
CREATE TABLE dpb (x bigint, z text);
INSERT INTO dpb VALUES (1, 'uno'), (3, 'tres');
-- casts of non-empty arrays
CREATE VIEW dp_arr AS SELECT ARRAY[1]::bigint[] AS c, ARRAY[1, 2]::numeric[] AS d,
  ARRAY['a', 'b']::text[] AS e, ARRAY[x, x + 1]::bigint[] AS f, ARRAY[x]::int[] AS g,
  ARRAY[y]::text[] AS h, ARRAY[1.5, 2]::int[] AS i FROM dpa;
SELECT pg_get_viewdef('dp_arr');
SELECT pg_get_viewdef('dp_arr', true);
\d+ dp_arr
SELECT * FROM dp_arr ORDER BY f;
ALTER TABLE dpa RENAME COLUMN x TO x2;
SELECT pg_get_viewdef('dp_arr', true);
SELECT * FROM dp_arr ORDER BY f;
ALTER TABLE dpa RENAME COLUMN x2 TO x;
-- whole-row references as values
CREATE VIEW dp_row AS SELECT row_to_json(t) AS r, to_json(t.*) AS j, to_jsonb(t) AS jb FROM dpa t;
SELECT pg_get_viewdef('dp_row');
SELECT pg_get_viewdef('dp_row', true);
\d+ dp_row
SELECT * FROM dp_row ORDER BY r::text;
CREATE VIEW dp_row2 AS SELECT json_agg(dpa) AS a, jsonb_agg(dpa ORDER BY x DESC) AS b FROM dpa;
SELECT pg_get_viewdef('dp_row2', true);
SELECT * FROM dp_row2;
CREATE VIEW dp_row3 AS SELECT row_to_json(s) AS r FROM (SELECT x, y FROM dpa) s WHERE s.x < 3;
SELECT pg_get_viewdef('dp_row3', true);
SELECT * FROM dp_row3 ORDER BY r::text;
ALTER TABLE dpa RENAME COLUMN y TO y2;
SELECT pg_get_viewdef('dp_row', true);
SELECT pg_get_viewdef('dp_row3', true);
SELECT * FROM dp_row ORDER BY r::text;
SELECT * FROM dp_row3 ORDER BY r::text;
ALTER TABLE dpa RENAME COLUMN y2 TO y;
-- FULL JOIN ... USING
CREATE VIEW dp_full AS SELECT * FROM dpa FULL JOIN dpb USING (x);
SELECT pg_get_viewdef('dp_full');
SELECT pg_get_viewdef('dp_full', true);
\d+ dp_full
SELECT * FROM dp_full ORDER BY x;
CREATE VIEW dp_full2 AS SELECT x, dpa.x AS ax, dpb.x AS bx, z FROM dpa FULL JOIN dpb USING (x) WHERE x > 1 ORDER BY x;
SELECT pg_get_viewdef('dp_full2');
SELECT pg_get_viewdef('dp_full2', true);
SELECT * FROM dp_full2;
CREATE VIEW dp_full3 AS SELECT x, z FROM dpa FULL JOIN dpb b USING (x) FULL JOIN (SELECT 5 AS w) s ON s.w = b.x;
SELECT pg_get_viewdef('dp_full3', true);
CREATE VIEW dp_full4 AS SELECT x, y, b2.z FROM dpa FULL JOIN dpb USING (x) RIGHT JOIN dpb b2 USING (x) WHERE x < 3;
SELECT pg_get_viewdef('dp_full4', true);
SELECT * FROM dp_full4 ORDER BY x;
CREATE VIEW dp_full5 AS SELECT x, a3.y, b3.z, x + 1 AS x1 FROM (dpb FULL JOIN dpa USING (x)) FULL JOIN dpb b3 USING (x) JOIN dpa a3 USING (x);
SELECT pg_get_viewdef('dp_full5');
SELECT * FROM dp_full5 ORDER BY x;
CREATE VIEW dp_full6 AS SELECT x FROM dpa JOIN dpb USING (x) LEFT JOIN dpb b4 USING (x);
SELECT pg_get_viewdef('dp_full6', true);
CREATE VIEW dp_full7 AS SELECT x, dpa.x AS ax FROM dpa JOIN dpb USING (x) WHERE x > 0;
SELECT pg_get_viewdef('dp_full7', true);
ALTER TABLE dpa RENAME COLUMN y TO y2;
SELECT pg_get_viewdef('dp_full', true);
SELECT pg_get_viewdef('dp_full5', true);
SELECT * FROM dp_full ORDER BY x;
ALTER TABLE dpa RENAME COLUMN y2 TO y;
-- aliased joins
CREATE VIEW dp_aj AS SELECT x, j.y, j.z FROM (dpa JOIN dpb USING (x)) AS j;
SELECT pg_get_viewdef('dp_aj');
SELECT pg_get_viewdef('dp_aj', true);
\d+ dp_aj
SELECT * FROM dp_aj;
CREATE VIEW dp_aj2 AS SELECT * FROM (dpa FULL JOIN dpb USING (x)) q WHERE q.x <> 2;
SELECT pg_get_viewdef('dp_aj2');
SELECT pg_get_viewdef('dp_aj2', true);
SELECT * FROM dp_aj2 ORDER BY x;
CREATE VIEW dp_aj3 AS SELECT j.y, k.x FROM (dpa LEFT JOIN dpb ON dpa.x = dpb.x) j JOIN dpb k ON j.z = k.z;
SELECT pg_get_viewdef('dp_aj3');
SELECT pg_get_viewdef('dp_aj3', true);
SELECT * FROM dp_aj3;
CREATE VIEW dp_aj4 AS SELECT j.* FROM dpb JOIN (dpa CROSS JOIN dpb AS b2(bx, bz)) AS j ON j.bz = dpb.z;
SELECT pg_get_viewdef('dp_aj4', true);
SELECT count(*) FROM dp_aj4;
CREATE VIEW dp_aj5 AS SELECT * FROM (dpa JOIN dpb ON dpa.x = dpb.x) AS j(p);
SELECT pg_get_viewdef('dp_aj5', true);
SELECT * FROM dp_aj5;
CREATE VIEW dp_aj6 AS SELECT j.x_1, j.q FROM (dpa JOIN dpb ON dpa.x = dpb.x) AS j(x, q, r, x_1);
SELECT pg_get_viewdef('dp_aj6');
SELECT * FROM dp_aj6;
ALTER TABLE dpb RENAME COLUMN z TO z2;
SELECT pg_get_viewdef('dp_aj5', true);
SELECT * FROM dp_aj5;
SELECT pg_get_viewdef('dp_aj', true);
SELECT * FROM dp_aj;
SELECT pg_get_viewdef('dp_aj3', true);
SELECT * FROM dp_aj3;
-- functions in FROM
CREATE TABLE dpj (id int, j jsonb, js json, arr int[], ts timestamp);
INSERT INTO dpj VALUES (1, '{"a": 1, "b": [2, 3]}', '[1, "x"]', ARRAY[5, 6], '2020-01-01 10:00');
CREATE VIEW dp_fn1 AS SELECT * FROM dpj, unnest(arr);
SELECT pg_get_viewdef('dp_fn1');
SELECT pg_get_viewdef('dp_fn1', true);
\d+ dp_fn1
SELECT * FROM dp_fn1;
CREATE VIEW dp_fn2 AS SELECT u, n FROM dpj, unnest(dpj.arr) WITH ORDINALITY u(u, n) WHERE u > 5;
SELECT pg_get_viewdef('dp_fn2', true);
SELECT * FROM dp_fn2;
CREATE VIEW dp_fn3 AS SELECT * FROM unnest(ARRAY[1, 2]) WITH ORDINALITY AS t(a, n);
SELECT pg_get_viewdef('dp_fn3');
SELECT * FROM dp_fn3;
CREATE VIEW dp_fn4 AS SELECT * FROM generate_series(1.5, 3) g, generate_series(1, 3::bigint, 2) h;
SELECT pg_get_viewdef('dp_fn4');
SELECT pg_get_viewdef('dp_fn4', true);
SELECT * FROM dp_fn4 ORDER BY 1, 2;
CREATE VIEW dp_fn5 AS SELECT * FROM dpj, generate_series(dpj.ts, dpj.ts + '2 hours', '1 hour') t;
SELECT pg_get_viewdef('dp_fn5', true);
SELECT t FROM dp_fn5;
CREATE VIEW dp_fn6 AS SELECT * FROM generate_series('2020-01-01'::timestamp, '2020-01-03', '1 day') AS t(d);
SELECT pg_get_viewdef('dp_fn6', true);
SELECT * FROM dp_fn6;
CREATE VIEW dp_fn7 AS SELECT e.* FROM dpj, jsonb_each(dpj.j) WITH ORDINALITY e;
SELECT pg_get_viewdef('dp_fn7');
SELECT pg_get_viewdef('dp_fn7', true);
\d+ dp_fn7
SELECT * FROM dp_fn7 ORDER BY ordinality;
CREATE VIEW dp_fn8 AS SELECT k, v FROM jsonb_each_text('{"a":1, "b":"x"}') AS q(k, v);
SELECT pg_get_viewdef('dp_fn8', true);
SELECT * FROM dp_fn8;
CREATE VIEW dp_fn9 AS SELECT * FROM dpj, json_array_elements(js) el, jsonb_array_elements(j -> 'b') AS x(v);
SELECT pg_get_viewdef('dp_fn9', true);
SELECT value, v FROM dp_fn9;
CREATE VIEW dp_fn11 AS SELECT j ->> 'a' AS a, j -> 'b' -> 0 AS b0, js -> 1 AS j1, ts - interval '1 day' AS y FROM dpj;
SELECT pg_get_viewdef('dp_fn11');
SELECT pg_get_viewdef('dp_fn11', true);
SELECT * FROM dp_fn11;
CREATE VIEW dp_fn10 AS SELECT * FROM json_each('{"a": [1]}');
SELECT pg_get_viewdef('dp_fn10', true);
SELECT * FROM dp_fn10;
ALTER TABLE dpj RENAME COLUMN arr TO arr2;
ALTER TABLE dpj RENAME COLUMN j TO j2;
SELECT pg_get_viewdef('dp_fn1', true);
SELECT pg_get_viewdef('dp_fn2', true);
SELECT pg_get_viewdef('dp_fn7', true);
SELECT * FROM dp_fn2;
SELECT * FROM dp_fn7 ORDER BY ordinality;
-- column definition lists
CREATE VIEW dp_cd1 AS SELECT * FROM json_to_record('{"a":1, "b":"x"}') AS r(a int, b text);
SELECT pg_get_viewdef('dp_cd1');
SELECT pg_get_viewdef('dp_cd1', true);
\d+ dp_cd1
SELECT * FROM dp_cd1;
CREATE VIEW dp_cd2 AS SELECT r.n, r.v FROM dpj, jsonb_to_recordset(dpj.j2 -> 'c') AS r(n numeric(6,2), v varchar(3), w int[]);
SELECT pg_get_viewdef('dp_cd2', true);
SELECT * FROM dp_cd2;
UPDATE dpj SET j2 = '{"c": [{"n": 1.5, "v": "ab", "w": [1]}, {"n": 2}]}';
SELECT * FROM dp_cd2;
CREATE VIEW dp_cd3 AS SELECT * FROM jsonb_to_record('{"p": true}') AS (p boolean, q date);
SELECT pg_get_viewdef('dp_cd3', true);
SELECT * FROM dp_cd3;
ALTER TABLE dpj RENAME COLUMN j2 TO j3;
SELECT pg_get_viewdef('dp_cd2', true);
SELECT * FROM dp_cd2;

-- unnest in FROM (one and several arrays, WITH ORDINALITY, LATERAL over a table) and in the
-- select list, array_agg (ORDER BY, DISTINCT, FILTER, NULLs, arrays of arrays), ARRAY(subquery).
SELECT * FROM unnest(ARRAY[1,2,3]);
SELECT * FROM unnest(ARRAY['a',NULL,'c']) WITH ORDINALITY;
SELECT * FROM unnest(ARRAY[1,2], ARRAY['a','b','c']) AS u(x, y);
SELECT * FROM unnest(ARRAY[1,2], ARRAY['a','b','c']) WITH ORDINALITY AS u(x, y, n);
SELECT x FROM unnest('{{1,2},{3,4}}'::int[]) x;
SELECT u.* FROM unnest('{}'::int[]) u;
SELECT * FROM unnest(NULL::int[]);
SELECT v * 2 AS doubled FROM unnest(ARRAY[1.5, 2]) AS v ORDER BY doubled DESC;
CREATE TABLE docs (id int, g int, tag text, a int[]);
INSERT INTO docs VALUES (1, 1, 'b', '{1,2}'), (2, 1, NULL, '{3,4}'), (3, 2, 'a', '{5,6}'), (4, 2, 'a', NULL),
  (5, 3, 'c', '{7,8}'), (6, 3, 'c', '{}');
SELECT id, u FROM docs, unnest(docs.a) u ORDER BY id, u;
SELECT id, u, o FROM docs CROSS JOIN LATERAL unnest(a) WITH ORDINALITY AS x(u, o) ORDER BY 1, 3;
SELECT id, count(*) FROM docs LEFT JOIN LATERAL unnest(a) u ON true GROUP BY id ORDER BY id;
SELECT unnest(ARRAY[1,2,3]);
SELECT unnest(ARRAY['a','b']) AS t, 1 AS one;
SELECT id, unnest(a) FROM docs ORDER BY 1, 2;
SELECT id, unnest(a) AS u, unnest(a) * 2 AS twice FROM docs WHERE id < 5 ORDER BY 1, 2;
SELECT id, generate_series(1, id) FROM docs WHERE id < 4 ORDER BY 1, 2;
SELECT unnest('{1,2}');
SELECT * FROM unnest(1);
-- array_agg
SELECT array_agg(id) FROM docs;
SELECT g, array_agg(tag), array_agg(id ORDER BY id DESC) FROM docs GROUP BY g ORDER BY g;
SELECT array_agg(DISTINCT tag) FROM docs;
SELECT array_agg(tag ORDER BY tag NULLS FIRST) FROM docs;
SELECT array_agg(DISTINCT g ORDER BY g DESC) FROM docs;
SELECT array_agg(a ORDER BY id) FROM docs WHERE id <= 3;
SELECT array_agg(a) FROM docs WHERE id <= 4;
SELECT array_agg(a) FROM docs WHERE id IN (1, 6);
SELECT array_agg(x) FROM (VALUES ('{1}'::int[]), ('{1,2}')) v(x);
SELECT array_agg(id) FROM docs WHERE false;
SELECT array_agg(id) FILTER (WHERE g = 1), array_agg(id) FILTER (WHERE g = 9) FROM docs;
SELECT array_agg(1.5), array_agg('x'), array_agg(true), array_agg(2.5::float8), array_agg(NULL::int);
SELECT g, array_agg(id) FROM docs GROUP BY g HAVING array_length(array_agg(id), 1) > 1 ORDER BY g;
SELECT array_agg(tag), array_agg(a) FROM docs GROUP BY g ORDER BY 1;
-- ARRAY(subquery)
SELECT ARRAY(SELECT id FROM docs ORDER BY id DESC);
SELECT ARRAY(SELECT id FROM docs WHERE false);
SELECT ARRAY(SELECT a FROM docs WHERE id < 4 ORDER BY id);
SELECT ARRAY(SELECT a FROM docs ORDER BY id);
SELECT g, ARRAY(SELECT id FROM docs d2 WHERE d2.g = d1.g ORDER BY id) FROM docs d1 GROUP BY g ORDER BY 1;
SELECT ARRAY(SELECT 'x' UNION ALL SELECT 'y');
SELECT ARRAY(SELECT tag FROM docs ORDER BY id) AS tags;
SELECT ARRAY(SELECT id, g FROM docs);
-- grouping and sorting on arrays built on the fly
SELECT ARRAY[g] AS k, count(*) FROM docs GROUP BY ARRAY[g] ORDER BY k DESC;
SELECT DISTINCT a[1:1] FROM docs ORDER BY 1;
DROP TABLE docs;

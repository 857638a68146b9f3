-- json_agg / jsonb_agg / json_object_agg / jsonb_object_agg as registered aggregates, and
-- json_agg / jsonb_agg(DISTINCT x): DISTINCT compares and sorts x itself (its type's
-- equality and order), not its JSON text
CREATE TABLE ja (g int, i int, n numeric, s text, b boolean, ar int[], j jsonb);
INSERT INTO ja VALUES (1, 10, 1.5, 'b', true, '{1,2}', '{"a": 1}'), (1, 9, 1.5, 'a', NULL, '{1}', '[1, 2]'),
  (1, 10, NULL, NULL, false, NULL, '"x"'), (1, NULL, 2, 'b', true, '{1,2}', '{"a": 1}'),
  (2, 100, 20, 'z', false, '{}', 'null'), (2, 100, 20, 'z', false, '{}', 'null'), (3, NULL, NULL, NULL, NULL, NULL, NULL);
SELECT g, json_agg(i), jsonb_agg(n), json_agg(s ORDER BY s DESC), jsonb_agg(b) FILTER (WHERE b IS NOT NULL)
  FROM ja GROUP BY g ORDER BY g;
SELECT g, json_object_agg(s, i) FILTER (WHERE s IS NOT NULL), jsonb_object_agg(coalesce(s, '?'), n ORDER BY i)
  FROM ja GROUP BY g ORDER BY g;
SELECT g, json_agg(DISTINCT i), jsonb_agg(DISTINCT i), json_agg(DISTINCT s), jsonb_agg(DISTINCT n) FROM ja
  GROUP BY g ORDER BY g;
SELECT g, json_agg(DISTINCT b), json_agg(DISTINCT ar), jsonb_agg(DISTINCT i ORDER BY i DESC) FROM ja
  GROUP BY g ORDER BY g;
SELECT json_agg(DISTINCT i), jsonb_agg(DISTINCT s) FILTER (WHERE g = 1), json_agg(DISTINCT x % 4)
  FROM ja, generate_series(1, 3) x;
SELECT json_agg(DISTINCT i), jsonb_agg(DISTINCT s) FROM ja WHERE false;
SELECT json_agg(DISTINCT v) FROM (VALUES (1.0), (1.0), (2.50), (10)) t(v);
SELECT json_agg(DISTINCT v), jsonb_agg(DISTINCT v) FROM (VALUES (1.0), (1.00), (3), (2.0)) t(v);
SELECT json_agg(DISTINCT v) FROM (VALUES ('a '::char(3)), ('a')) t(v);
SELECT jsonb_agg(DISTINCT v) FROM (VALUES ('b'::text), ('a'), ('b'), (NULL)) t(v);
SELECT json_agg(DISTINCT d) FROM (VALUES (date '2024-01-02'), (date '2023-12-31'), (date '2024-01-02')) t(d);
SELECT json_agg(DISTINCT j) FROM (VALUES ('{"a":1}'::json)) t(j);
SELECT json_object_agg(k, v) FROM (VALUES (NULL::text, 1)) t(k, v);
SELECT x % 2 AS k, length(json_agg(x)::text), jsonb_array_length(jsonb_agg(DISTINCT x % 100)) FROM generate_series(1, 3000) x
  GROUP BY x % 2 ORDER BY k;

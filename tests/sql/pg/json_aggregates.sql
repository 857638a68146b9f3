-- json_agg, jsonb_agg, json_object_agg, jsonb_object_agg: NULL values as null, NULL keys
-- refused, ORDER BY and FILTER inside the call, GROUP BY, empty input as NULL.
CREATE TABLE ja (g text, k text, v int, j jsonb);
INSERT INTO ja VALUES ('x', 'a', 1, '{"n":1}'), ('x', 'b', NULL, '[1,2]'), ('y', 'a', 3, NULL), ('x', 'a', 4, '"s"'), ('y', 'c', 5, '{"n":2.50}');
SELECT json_agg(v), jsonb_agg(v), json_object_agg(k, v), jsonb_object_agg(k, v) FROM ja;
SELECT g, json_agg(v ORDER BY v DESC NULLS LAST), jsonb_agg(j ORDER BY k, v) FROM ja GROUP BY g ORDER BY g;
SELECT json_agg(k ORDER BY k) FILTER (WHERE v > 1), jsonb_object_agg(k, j ORDER BY v) FILTER (WHERE j IS NOT NULL) FROM ja;
SELECT json_agg(v) FROM ja WHERE false;
SELECT jsonb_agg(v) IS NULL, json_object_agg(k, v) IS NULL FROM ja WHERE false;
SELECT json_agg(x), jsonb_agg(x) FROM (VALUES ('a"b'), (NULL), ('{}')) t(x);
SELECT json_agg(x), jsonb_agg(x) FROM (VALUES (1.50), (2e3), (-0.1)) t(x);
SELECT json_agg(x), jsonb_agg(x) FROM (VALUES (true), (false)) t(x);
SELECT json_agg(x::json), jsonb_agg(x::jsonb) FROM (VALUES ('{"a" : 1}'), ('[1, 2]')) t(x);
SELECT json_object_agg(v, k), jsonb_object_agg(v, k) FROM ja WHERE v IS NOT NULL;
SELECT jsonb_agg(v) -> 0, jsonb_agg(v ORDER BY v) ->> -1 FROM ja;
SELECT json_object_agg(k, v) FROM (VALUES (NULL::text, 1)) t(k, v);
SELECT json_agg('a');
SELECT json_agg(DISTINCT j::json) FROM ja;
SELECT json_agg(v, v) FROM ja;

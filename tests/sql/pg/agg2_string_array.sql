-- string_agg and array_agg as registered aggregates of the aggregate operator module: NULL
-- values and delimiters, bytea, DISTINCT / ORDER BY / FILTER (the operator's), empty groups,
-- element types of every width, nested arrays and their errors
CREATE TABLE sa (g int, s text, d text, b bytea, i2 smallint, i4 int, i8 bigint, f4 real, f8 float8,
  n numeric, bo boolean, dt date, ar int[]);
INSERT INTO sa VALUES
  (1, 'a', ',', '\x01', 1, 10, 100, 1.5, 2.25, 1.10, true, '2024-01-01', '{1,2}'),
  (1, NULL, ';', '\x02', NULL, 20, NULL, NULL, -0.5, NULL, NULL, NULL, '{3,4}'),
  (1, 'c', NULL, NULL, 3, NULL, 300, 3.5, NULL, 3.30, false, '2024-03-01', NULL),
  (1, 'b', '-', '\x0304', 2, 30, 200, 2.5, 1e10, 2.2, true, '2023-12-31', '{5,6}'),
  (2, 'z', ',', '\x', 7, 70, 700, 7.5, 7.75, 7.7, false, '2000-02-29', '{7,8}'),
  (2, 'z', ',', '\xff', 7, 70, 700, 7.5, 7.75, 7.7, false, '2000-02-29', '{7,8}'),
  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
SELECT g, string_agg(s, d), string_agg(s, ', ' ORDER BY s DESC), string_agg(DISTINCT s, '|'),
  string_agg(s, '') FILTER (WHERE g < 2 AND s <> 'c') FROM sa GROUP BY g ORDER BY g;
SELECT g, string_agg(b, '\x00'::bytea), string_agg(b, NULL ORDER BY b) FROM sa GROUP BY g ORDER BY g;
SELECT g, array_agg(s), array_agg(i2), array_agg(i4 ORDER BY i4 DESC NULLS LAST), array_agg(i8) FROM sa
  GROUP BY g ORDER BY g;
SELECT g, array_agg(f4), array_agg(f8), array_agg(n), array_agg(bo), array_agg(dt) FROM sa GROUP BY g ORDER BY g;
SELECT g, array_agg(DISTINCT s), array_agg(DISTINCT i4 ORDER BY i4), array_agg(DISTINCT f8) FROM sa
  GROUP BY g ORDER BY g;
SELECT g, array_agg(ar) FILTER (WHERE ar IS NOT NULL), array_agg(s) FILTER (WHERE false) FROM sa
  GROUP BY g ORDER BY g;
SELECT array_agg(ar) FROM sa;
SELECT array_agg(ar) FROM sa WHERE g = 2 OR (g = 1 AND ar = '{1,2}');
SELECT array_agg(ARRAY[i4]) FROM sa WHERE g = 1;
SELECT string_agg(s, ','), array_agg(i4), count(*) FROM sa WHERE false;
SELECT string_agg(s, ','), array_agg(s ORDER BY s NULLS FIRST), array_agg(DISTINCT d) FROM sa;
SELECT g, count(*), string_agg(s, ',') AS s FROM sa GROUP BY g HAVING string_agg(s, ',') IS NOT NULL ORDER BY g;
SELECT x % 3 AS k, length(string_agg(x::text, ',')), cardinality(array_agg(x)), (array_agg(x ORDER BY x DESC))[1]
  FROM generate_series(1, 5000) x GROUP BY x % 3 ORDER BY k;
SELECT string_agg(v, ',') FROM (VALUES ('x'::varchar), ('y')) t(v);
SELECT array_agg(v) FROM (VALUES ('x'::varchar(3)), ('y')) t(v);
SELECT array_agg('{}'::int[]) FROM sa WHERE g = 2;
SELECT array_agg(CASE WHEN g = 1 THEN ar END) FROM sa WHERE g <= 2;

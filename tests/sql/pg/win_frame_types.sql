-- collecting, bitwise and min / max / sum aggregates with OVER over more types: uuid, interval,
-- timestamptz, bytea, bit strings of different sizes (never combined across frames), char,
-- varchar, whole rows and arrays
CREATE TABLE e (id int, u uuid, iv interval, tz timestamptz, by bytea, bs bit(4), vb varbit, c char(3), vc varchar(5));
INSERT INTO e VALUES (1, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '1 day', '2020-01-01 00:00+00', '\x01', B'1010', B'10', 'ab', 'xy'),
 (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
 (3, 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '-2 hours', '2021-01-01 00:00+00', '\x0203', B'0110', B'111', 'c', 'zz');
SET TimeZone = 'UTC';
SELECT id, array_agg(u) OVER w, array_agg(iv) OVER w, array_agg(tz) OVER w, array_agg(by) OVER w FROM e WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT id, array_agg(bs) OVER w, array_agg(vb) OVER w, array_agg(c) OVER w, array_agg(vc) OVER w, bit_and(bs) OVER w, bit_or(vb) OVER w FROM e WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT id, array_agg(e) OVER w, json_agg(e) OVER w, jsonb_agg(iv) OVER w, json_object_agg(id, u) OVER w FROM e WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT id, min(iv) OVER w, max(tz) OVER w, sum(iv) OVER w, avg(iv) OVER w, min(vc) OVER w, max(c) OVER w, string_agg(vc, c) OVER w FROM e WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) ORDER BY id;
SELECT id, array_agg(ARRAY[id, id]) OVER w FROM e WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) ORDER BY id;

-- backend suite: every value kind a backend stores (fixed width, text-like, encoded), NULLs in
-- every column, large and empty text, and reading back through scans and point lookups.
CREATE TABLE ty (
  id int, b bool, s smallint, i int, l bigint, f4 real, f8 double precision,
  n numeric(20,5), t text, vc varchar(10), bp char(4), by bytea, d date, ts timestamp,
  tz timestamptz, tm time, iv interval, u uuid, j json, jb jsonb, ia int[], ta text[]);
INSERT INTO ty VALUES
  (1, true, 32767, 2147483647, 9223372036854775807, 1.5, 1e300, 12345.67891, 'hello', 'abc', 'xy',
   '\xdeadbeef', '2024-02-29', '2024-02-29 12:34:56.789', '2024-02-29 12:34:56+02', '23:59:59.5',
   '1 year 2 mons 3 days 04:05:06', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{"a": [1, 2]}',
   '{"b": {"c": null}}', '{1,NULL,3}', '{"x y",NULL,""}'),
  (2, false, -32768, -2147483648, -9223372036854775808, -0.25, -1e-300, -0.00001, '', '', '',
   '\x', '0001-01-01', '1999-12-31 23:59:59', '1970-01-01 00:00:00+00', '00:00', '-1 days', 
   '00000000-0000-0000-0000-000000000000', '[]', '[]', '{}', '{}'),
  (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
   NULL, NULL, NULL, NULL, NULL, NULL);
SELECT * FROM ty ORDER BY id;
SELECT id, b IS NULL AS bn, t IS NULL AS tn, ia IS NULL AS an FROM ty ORDER BY id;
SELECT id, n * 2 AS n2, length(t) AS tl, octet_length(by) AS bl, ia[3] AS a3, jb -> 'b' AS jb FROM ty ORDER BY id;
SELECT count(*), count(b), count(t), count(ia), sum(i::bigint), max(f8), min(d) FROM ty;
-- large values: one of 1 MB, a row of many large columns
CREATE TABLE big (k int, a text, b text, c bytea);
INSERT INTO big VALUES (1, repeat('abcdefgh', 131072), repeat('z', 100000), decode(repeat('00ff', 50000), 'hex'));
INSERT INTO big VALUES (2, '', NULL, '\x');
SELECT k, length(a), md5(a), length(b), octet_length(c), md5(c) FROM big ORDER BY k;
SELECT k, substr(a, 1048570), right(b, 3) FROM big WHERE k = 1;
UPDATE big SET a = a || 'tail' WHERE k = 1;
SELECT k, length(a), right(a, 6) FROM big ORDER BY k;
-- text with multibyte characters and embedded quotes
CREATE TABLE mb (k int, t text);
INSERT INTO mb VALUES (1, 'héllo wörld ✓'), (2, 'it''s "quoted"'), (3, E'tab\there\nnewline');
SELECT k, t, length(t), octet_length(t) FROM mb ORDER BY k;
DROP TABLE ty, big, mb;

-- COPY FROM as the bulk-load path: several batches in one atomic statement, NOT NULL,
-- types, CRLF line ends
CREATE TABLE cb (id int NOT NULL, v text, n numeric, f float8, d date, ok bool);
COPY (SELECT g, 'v' || g, g / 7.0, g * 0.5, DATE '2020-01-01' + g, g % 2 = 0
      FROM generate_series(1, 3000) g) TO '/tmp/sunstone_copy_bulk_golden.txt';
COPY cb FROM '/tmp/sunstone_copy_bulk_golden.txt';
SELECT count(*), sum(id), max(v), round(sum(n), 3), sum(f), max(d), count(*) FILTER (WHERE ok) FROM cb;
-- a bad value in the third batch: nothing of the COPY is kept
COPY (SELECT CASE WHEN g = 2500 THEN 'bad' ELSE g::text END, 'w' FROM generate_series(1, 3000) g)
  TO '/tmp/sunstone_copy_bulk_bad.txt';
COPY cb (id, v) FROM '/tmp/sunstone_copy_bulk_bad.txt';
SELECT count(*) FROM cb;
-- NOT NULL, from a NULL in the data or a column left out
COPY cb (id, v) FROM STDIN;
1	a
\N	b
\.
COPY cb (v) FROM STDIN;
only v
\.
SELECT count(*) FROM cb;
COPY cb (id, n, f, d, ok) FROM STDIN;
1	abc	1	2020-01-01	t
\.
COPY cb (id, n, f, d, ok) FROM STDIN;
1	1.5	nan	2020-02-30	t
\.
COPY cb (id, n, f, d, ok) FROM STDIN;
1	1.5	-Infinity	2020-02-03	maybe
\.
COPY cb (id) FROM STDIN;
99999999999
\.
-- CRLF line ends
CREATE TABLE cr (a int, b text);
\copy cr from 'copy_data/crlf.csv' csv
\copy cr from 'copy_data/crlf.txt'
SELECT a, b, length(b) FROM cr ORDER BY a, b;
DROP TABLE cr;
DROP TABLE cb;

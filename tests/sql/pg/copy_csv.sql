-- COPY in CSV: quoting, HEADER, NULL handling, FORCE_QUOTE / FORCE_NOT_NULL / FORCE_NULL
CREATE TABLE cc (a int, b text);
\copy cc from 'copy_data/data.csv' with (format csv, header)
SELECT a, b, b IS NULL AS isnull FROM cc ORDER BY a;
COPY cc TO STDOUT WITH (FORMAT csv, HEADER);
COPY cc TO STDOUT WITH CSV FORCE QUOTE b;
COPY cc TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *);
COPY cc TO STDOUT WITH (FORMAT csv, DELIMITER ';', QUOTE '''', NULL 'N/A');
COPY cc TO STDOUT WITH (FORMAT csv, ESCAPE '\');
DROP TABLE cc;
CREATE TABLE cc (a int, b text);
COPY cc FROM STDIN WITH (FORMAT csv, FORCE_NOT_NULL (b));
1,
2,""
\.
SELECT a, b IS NULL AS isnull FROM cc ORDER BY a;
COPY cc FROM STDIN WITH (FORMAT csv, FORCE_NULL (b));
3,
4,""
\.
SELECT a, b IS NULL AS isnull FROM cc ORDER BY a;
COPY cc FROM STDIN WITH (FORMAT csv, HEADER MATCH);
a,b
5,five
\.
COPY cc FROM STDIN WITH (FORMAT csv, HEADER MATCH);
a,c
6,six
\.
COPY cc FROM STDIN CSV;
7,"unterminated
\.
COPY cc FROM STDIN (FORMAT csv);
8,eight,extra
\.
COPY cc FROM STDIN (FORMAT csv);
nine,9
\.
SELECT count(*) FROM cc;
COPY (SELECT '\.' AS x) TO STDOUT (FORMAT csv);
COPY (SELECT 1 AS "a,b", 'x' AS "q""") TO STDOUT (FORMAT csv, HEADER);
COPY cc TO STDOUT (FORMAT csv, FORCE_NOT_NULL (b));
COPY cc FROM '/tmp/sunstone_no_such_file' (FORMAT csv, FORCE_QUOTE (b));
COPY cc TO STDOUT (FORMAT csv, FORCE_QUOTE (nosuch));
COPY cc TO STDOUT (FORMAT csv, HEADER match);
COPY cc TO STDOUT (FORMAT csv, QUOTE ',');
COPY cc TO STDOUT (FORMAT csv, NULL '"');
COPY cc TO STDOUT (ENCODING 'UTF8');
COPY cc TO STDOUT (ENCODING 'nosuch');
DROP TABLE cc;

-- COPY in the text format: FROM STDIN, TO STDOUT, files, escapes, NULLs, errors
CREATE TABLE ct (a int, b text);
COPY ct FROM STDIN;
1	one
2	\N
3	tab\there
4	back\\slash
5	oct\101\x42\z
\.
SELECT a, b, length(b) FROM ct ORDER BY a;
COPY ct TO STDOUT;
COPY ct (b, a) TO STDOUT;
COPY (SELECT a, b FROM ct WHERE a > 3 ORDER BY a DESC) TO STDOUT;
COPY ct TO STDOUT WITH (DELIMITER '|', NULL 'NULL', HEADER);
COPY ct (a) FROM STDIN;
6
7
\.
SELECT count(*), count(b) FROM ct;
-- a file written and read back
COPY ct TO '/tmp/sunstone_copy_text_golden.txt';
CREATE TABLE ct2 (a int, b text);
COPY ct2 FROM '/tmp/sunstone_copy_text_golden.txt';
SELECT * FROM ct2 EXCEPT SELECT * FROM ct;
SELECT count(*) FROM ct2;
-- \copy reads and writes files relative to the shell
\copy ct2 from 'copy_data/text.txt'
SELECT count(*) FROM ct2;
\copy (select a, b from ct where a < 3 order by a) to '/tmp/sunstone_copy_text_out.tmp'
\copy ct2 (a, b) from /tmp/sunstone_copy_text_out.tmp
SELECT count(*) FROM ct2;
-- errors: bad data (the whole COPY is undone), missing and extra columns
COPY ct FROM STDIN;
8	eight
x	nine
\.
COPY ct FROM STDIN;
10
\.
COPY ct FROM STDIN;
11	a	b
\.
SELECT count(*) FROM ct;
-- files and names
COPY ct FROM 'no_such_file.txt';
COPY ct TO 'relative.txt';
COPY nosuch TO STDOUT;
COPY ct (a, nosuch) TO STDOUT;
COPY ct (a, a) FROM '/tmp/sunstone_no_such_file';
-- options
COPY ct TO STDOUT (FORMAT xml);
COPY ct TO STDOUT (FORMAT text, FORMAT csv);
COPY ct TO STDOUT (DELIMITER 'ab');
COPY ct TO STDOUT (QUOTE '"');
COPY ct TO STDOUT (BOGUS 1);
COPY ct TO STDOUT (HEADER maybe);
COPY ct TO STDOUT (DELIMITER 'x');
COPY ct TO STDOUT (NULL 'a|b', DELIMITER '|');
CREATE VIEW ctv AS SELECT * FROM ct;
COPY ctv TO STDOUT;
COPY ctv FROM '/tmp/sunstone_no_such_file';
DROP VIEW ctv;
DROP TABLE ct;
DROP TABLE ct2;

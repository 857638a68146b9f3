-- psql's \gexec (each non-NULL cell of the result run as a statement, row by row, left to
-- right; a failing one does not stop the rest) and \encoding
CREATE TABLE g1 (a int);
SELECT format('INSERT INTO g1 VALUES (%s)', x), CASE WHEN x = 2 THEN NULL ELSE 'SELECT ' || x END FROM generate_series(1, 3) x \gexec
SELECT 'SELECT count(*) FROM g1', 'SELECT nosuch', 'SELECT 42 AS answer' \gexec
SELECT 'CREATE TABLE ' || t || ' (id int)' FROM (VALUES ('gx1'), ('gx2')) v(t) ORDER BY t
\gexec
SELECT tablename FROM pg_tables WHERE tablename LIKE 'gx%' ORDER BY 1;
SELECT 'SELECT 1' WHERE false \gexec
\encoding
\encoding UTF8
\encoding
SELECT count(*) FROM g1;

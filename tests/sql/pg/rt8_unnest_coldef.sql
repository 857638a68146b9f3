-- unnest of an anonymous record[] in FROM with a column definition list: the items' fields checked
-- against it as they are read (PostgreSQL's 42804), and its 42601s for other arguments
CREATE TABLE rt8up (a int, b text);
SELECT * FROM unnest(ARRAY[ROW(1,'a'), ROW(2,'b')]) AS t(a int, b text);
SELECT * FROM unnest(ARRAY[ROW(1,'a')::rt8up]) AS t(a int, b text);
SELECT * FROM unnest(ARRAY[ROW(1,'a'::text), ROW(2,'b'::text)]) AS t(a int, b text);
SELECT * FROM unnest(ARRAY[ROW(1,'a'::text), NULL, ROW(2,'b'::text)]) AS t(x int, y text);
SELECT t.y, t FROM unnest(ARRAY[ROW(1,'a'::text)]) AS t(x int, y text);
SELECT * FROM unnest(ARRAY[ROW(1,'a'::text)]) AS t(a int);
SELECT * FROM unnest(ARRAY[ROW(1,'a'::text)]) AS t(a int, b text, c int);
SELECT * FROM unnest(ARRAY[ROW(1,'a'::text)]) AS t(a int8, b text);
SELECT * FROM unnest(ARRAY[ROW(1,'a'::text)]) WITH ORDINALITY AS t(a int, b text);
SELECT * FROM unnest(ARRAY[1,2]) AS t(a int);
SELECT * FROM unnest(ARRAY[ROW(1,'a'::text)], ARRAY[1]) AS t(a int, b text);
SELECT * FROM unnest(ARRAY[]::record[]) AS t(a int);
SELECT * FROM unnest(NULL::record[]) AS t(a int);
SELECT * FROM unnest(ARRAY[ROW(1,'a'::text)]) AS t(a int, a text);
SELECT * FROM unnest(ARRAY[ROW(1,'a'::text)]) AS t(a int, b text) WHERE a = 0;
CREATE TABLE rt8u (id int, rs record[]);

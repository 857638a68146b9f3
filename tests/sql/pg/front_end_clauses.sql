-- Clauses of PostgreSQL's parse tree that Sunstone's transform reads and honours (none is
-- dropped silently), and identifiers over 63 bytes, truncated with PostgreSQL's NOTICE.
CREATE TABLE fe (a int, b text);
INSERT INTO fe VALUES (2, 'b'), (1, 'a'), (2, 'c');
-- GROUP BY DISTINCT groups as GROUP BY does without grouping sets
SELECT a, count(*) FROM fe GROUP BY DISTINCT a ORDER BY a;
-- ONLY and * name the table itself: there is no inheritance
SELECT count(*) FROM ONLY fe;
SELECT count(*) FROM fe *;
-- OVERRIDING only concerns identity columns; an INSERT alias only ON CONFLICT and RETURNING
INSERT INTO fe OVERRIDING SYSTEM VALUE VALUES (3, 'd');
INSERT INTO fe OVERRIDING USER VALUE VALUES (4, 'e');
INSERT INTO fe AS x VALUES (5, 'f');
SELECT count(*) FROM fe;
-- pg_catalog-qualified operators and types
SELECT 1 OPERATOR(pg_catalog.+) 2 AS three, '7'::pg_catalog.int4 AS seven;
-- ORDER BY ... USING < and >
SELECT a, b FROM fe ORDER BY a USING >, b USING <;
-- FETCH FIRST is LIMIT
SELECT a FROM fe ORDER BY a FETCH FIRST 2 ROWS ONLY;
SELECT a FROM fe ORDER BY a OFFSET 5 ROWS FETCH NEXT 3 ROWS ONLY;
-- identifiers longer than 63 bytes
SELECT 1 AS AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA;
SELECT 2 AS "éééééééééééééééééééééééééééééééééééééééé";
CREATE TABLE tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt (cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc int);
INSERT INTO ttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt VALUES (1);
SELECT ccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc FROM TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT;

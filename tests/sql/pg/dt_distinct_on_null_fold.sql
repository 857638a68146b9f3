-- DISTINCT ON / ORDER BY items matched to the select list by their unfolded form: a strict
-- call over a NULL literal folds to NULL but is not the same item as a bare NULL.
CREATE TABLE t1 (c integer NOT NULL);
INSERT INTO t1 VALUES (1), (2), (2);
SELECT DISTINCT ON (substr(NULL::text, x.c), 1) NULL, substr(NULL::text, x.c) FROM t1 AS x ORDER BY 2, 1;
SELECT DISTINCT ON (substr(NULL::text, c)) NULL AS n, c FROM t1 ORDER BY substr(NULL::text, c), c DESC;
SELECT DISTINCT ON (1) NULL, substr(NULL::text, c) FROM t1 ORDER BY substr(NULL::text, c);
SELECT DISTINCT NULL::text, substr(NULL::text, c) FROM t1 ORDER BY substr(NULL::text, c);
SELECT DISTINCT substr(NULL::text, c) FROM t1 ORDER BY NULL::text || 'a';
DROP TABLE t1;

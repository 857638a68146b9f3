-- Grouping is checked on the query as written, before folding: a HAVING that folds to a
-- constant still needs its columns grouped; prefix operators get PostgreSQL's singular HINT.
CREATE TABLE t1 (a int8, b boolean, d text);
SELECT a FROM t1 GROUP BY (1.5::float8 = 0.25::float8), a HAVING (b AND (1.5::float8 = 0.25::float8)) ORDER BY 1;
SELECT a FROM t1 GROUP BY false, a HAVING b AND false;
SELECT 1 + 1 FROM t1 GROUP BY 1 + 1;
SELECT COALESCE(1, a) FROM t1 GROUP BY b;
SELECT 1 FROM t1 GROUP BY d, a HAVING ((- d))::boolean ORDER BY 1;
SELECT - d FROM t1;
SELECT - 'x'::text;
SELECT @ true;
DROP TABLE t1;
CREATE TABLE t2 (d bool);
SELECT ('' BETWEEN 'ab   ' AND CASE WHEN d THEN 'x' END) FROM t2 GROUP BY 1 ORDER BY 1;
SELECT (d AND false) FROM t2 GROUP BY (d AND false);
SELECT (d AND false) FROM t2 GROUP BY d AND false;
SELECT (d AND false) FROM t2 GROUP BY (false AND d);
DROP TABLE t2;

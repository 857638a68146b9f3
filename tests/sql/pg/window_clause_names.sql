-- the WINDOW clause checked entry by entry, referenced or not, as PostgreSQL's
-- transformWindowDefinitions: a name defined twice (42P20), the window an entry copies
-- must exist, keep its ORDER BY and have no frame
CREATE TABLE dw (g int, x int);
INSERT INTO dw VALUES (1, 1), (1, 2), (2, 3);
SELECT count(*) OVER w FROM dw WINDOW w AS (ORDER BY x), w AS (ORDER BY g);
SELECT 1 FROM dw WINDOW w AS (), x AS (w), w AS ();
SELECT 1 FROM dw WINDOW w AS (),   w AS (PARTITION BY g);
SELECT count(*) OVER v FROM dw WINDOW w AS (), w AS ();
SELECT x FROM dw GROUP BY g WINDOW w AS (), w AS ();
SELECT count(*) OVER w FROM dw WINDOW w AS (ORDER BY x), y AS (w ORDER BY g);
SELECT count(*) OVER (w ORDER BY g), count(*) OVER w FROM dw WINDOW w AS (PARTITION BY g) ORDER BY 1, 2;
SELECT sum(x) OVER (w ROWS 1 PRECEDING) FROM dw WINDOW w AS (ORDER BY x ROWS UNBOUNDED PRECEDING);
SELECT sum(x) OVER w FROM dw WINDOW w AS (ORDER BY x RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING), v AS (w);

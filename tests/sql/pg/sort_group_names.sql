-- ORDER BY / GROUP BY items: non-integer constants are refused, a select-list name that
-- stands for two different expressions is ambiguous; functions over unknown arguments with
-- several candidates are not unique.
CREATE TABLE t1 (a text, b int);
SELECT b FROM t1 ORDER BY -2147483648;
SELECT b FROM t1 ORDER BY 'x';
SELECT b FROM t1 ORDER BY NULL;
SELECT b FROM t1 ORDER BY 1.5;
SELECT b FROM t1 ORDER BY true;
SELECT b FROM t1 GROUP BY 1.5;
SELECT b FROM t1 GROUP BY 'x';
SELECT b FROM t1 ORDER BY -1;
SELECT b FROM t1 ORDER BY (1);
SELECT b FROM t1 ORDER BY +1;
SELECT 1.5::float8 AS sum, sum(-5) FROM t1 GROUP BY a, sum ORDER BY 1, 2;
SELECT b AS x, b AS x FROM t1 GROUP BY x;
SELECT b AS x, t1.b AS x FROM t1 GROUP BY x;
SELECT b AS x, b+1 AS x FROM t1 GROUP BY x;
SELECT b AS a FROM t1 GROUP BY a;
SELECT b AS x, b + 0 AS x FROM t1 ORDER BY x;
SELECT mod(NULL, NULL);
SELECT abs(NULL);
SELECT length(NULL);
SELECT round(NULL);
SELECT substr(NULL, 1);
SELECT lower(NULL);
SELECT power(NULL, NULL);
SELECT sqrt(NULL);
SELECT floor(NULL);
SELECT mod(NULL, 1);
SELECT ceil('1');
DROP TABLE t1;
CREATE TABLE t1 (a float8);
SELECT tt.a AS a, CASE 'A B' WHEN '' THEN a WHEN 'Abc' THEN tt.a ELSE a END FROM t1 AS tt ORDER BY 2, a DESC NULLS LAST;
SELECT tt.a AS a, a FROM t1 AS tt ORDER BY a;
DROP TABLE t1;

-- \d+ of a view: psql's Storage / Description columns and the "View definition:" footer
-- (pg_get_viewdef pretty); \d stays without them; pg_matviews.definition
CREATE TABLE vdd_t (a int, b text, n numeric(8,2), v varchar(5));
CREATE TABLE vdd_u (a int, d text);
CREATE VIEW vdd_v AS SELECT a, b FROM vdd_t WHERE a > 1 AND b <> 'x';
CREATE VIEW vdd_j AS SELECT t.a, u.d, t.n * 2 AS n2 FROM vdd_t t LEFT JOIN vdd_u u ON t.a = u.a WHERE t.v = 'k' ORDER BY t.a LIMIT 10;
CREATE VIEW vdd_c (x, y) AS SELECT CASE WHEN a > 0 THEN 'pos' WHEN a < 0 THEN 'neg' END, count(*) FROM vdd_t GROUP BY 1;
CREATE VIEW vdd_w AS WITH q AS (SELECT a FROM vdd_t) SELECT a FROM q UNION SELECT a FROM vdd_u;
CREATE SCHEMA vdd_s;
CREATE TABLE vdd_s.t (a int);
CREATE VIEW vdd_s.v AS SELECT a FROM vdd_s.t WHERE a IN (SELECT a FROM vdd_t);
CREATE MATERIALIZED VIEW vdd_m AS SELECT a, sum(n) AS s FROM vdd_t GROUP BY a;
\d+ vdd_v
\d vdd_v
\d+ vdd_j
\d+ vdd_c
\d+ vdd_w
\d+ vdd_s.v
SELECT matviewname, definition FROM pg_matviews WHERE matviewname = 'vdd_m';
SELECT pg_get_viewdef('vdd_m', true);
SET search_path = vdd_s, public;
SELECT pg_get_viewdef('v');
SELECT pg_get_viewdef('public.vdd_v');
RESET search_path;

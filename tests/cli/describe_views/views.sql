CREATE TABLE dv_t (a int NOT NULL, b varchar(10));
CREATE VIEW dv_v AS SELECT a, b, a + 1 AS c FROM dv_t;
CREATE VIEW dv_w (x) AS SELECT 'lit';
\d
\dv
\dt
\dv dv_w
\d dv_v
\d dv_w
\dv nosuch*
DROP TABLE dv_t CASCADE;
\d

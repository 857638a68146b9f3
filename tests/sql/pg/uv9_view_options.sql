-- CREATE VIEW ... WITH (options): what PostgreSQL accepts, its errors, \d+'s Options footer
CREATE TABLE base (a int PRIMARY KEY, b int, c text);
CREATE VIEW o1 WITH (check_option) AS SELECT * FROM base;
CREATE VIEW o2 WITH (check_option=LOCAL) AS SELECT * FROM base;
CREATE VIEW o3 WITH (check_option=local) AS SELECT * FROM base WITH CASCADED CHECK OPTION;
CREATE VIEW o4 WITH (security_barrier=false, security_invoker=off) AS SELECT * FROM base;
CREATE VIEW o5 WITH (security_barrier=maybe) AS SELECT * FROM base;
CREATE VIEW o6 WITH (check_option=local, check_option=cascaded) AS SELECT * FROM base;
CREATE VIEW o7 WITH (check_option='cascaded') AS SELECT a FROM base GROUP BY a;
CREATE VIEW o8 WITH (Security_Invoker) AS SELECT * FROM base;
CREATE VIEW o9 WITH (foo=1) AS SELECT * FROM base;
CREATE VIEW o10 WITH (security_invoker=0, check_option = 'local') AS SELECT * FROM base WHERE a > 0;
CREATE VIEW o11 WITH (security_invoker=of) AS SELECT * FROM base;
CREATE VIEW o12 WITH (security_invoker=tr, security_barrier=n) AS SELECT * FROM base;
CREATE VIEW o13 WITH (security_invoker=o) AS SELECT * FROM base;
\d+ o2
\d+ o4
\d+ o8
\d+ o10
\d+ o12
INSERT INTO o10 VALUES (-1, 1, 'no');
SELECT table_name, check_option FROM information_schema.views WHERE table_schema = 'public' ORDER BY 1;
ALTER VIEW o10 RENAME TO o10r;
\d+ o10r
INSERT INTO o10r VALUES (-1, 1, 'no');
ALTER TABLE base RENAME COLUMN a TO aa;
\d+ o10r

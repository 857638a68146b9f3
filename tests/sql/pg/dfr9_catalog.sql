-- pg_constraint's deferrability columns (and the others Sunstone has) for PRIMARY KEY, UNIQUE,
-- FOREIGN KEY and CHECK constraints, after CREATE TABLE, ALTER TABLE and ALTER CONSTRAINT.
CREATE TABLE pc_p (a int PRIMARY KEY, b int CHECK (b > 0), c int UNIQUE DEFERRABLE INITIALLY DEFERRED,
                   d int, CONSTRAINT pc_p_d_key UNIQUE (d) DEFERRABLE);
CREATE TABLE pc_c (a int REFERENCES pc_p ON DELETE CASCADE DEFERRABLE, b int, c int);
ALTER TABLE pc_c ADD CONSTRAINT pc_c_b_fkey FOREIGN KEY (b) REFERENCES pc_p NOT VALID;
ALTER TABLE pc_c ADD CONSTRAINT pc_c_c_fkey FOREIGN KEY (c) REFERENCES pc_p (a) MATCH FULL ON UPDATE SET NULL
  INITIALLY DEFERRED;
ALTER TABLE pc_c ADD CONSTRAINT pc_c_check CHECK (c <> 0) NOT VALID;
SELECT conname, contype, condeferrable, condeferred, convalidated, confupdtype, confdeltype, confmatchtype,
       conislocal, coninhcount, connoinherit
  FROM pg_constraint WHERE conname LIKE 'pc\_%' ORDER BY conname;
ALTER TABLE pc_c ALTER CONSTRAINT pc_c_a_fkey INITIALLY DEFERRED;
ALTER TABLE pc_c ALTER CONSTRAINT pc_c_c_fkey NOT DEFERRABLE;
BEGIN;
ALTER TABLE pc_c ALTER CONSTRAINT pc_c_b_fkey DEFERRABLE;
SELECT conname, condeferrable, condeferred FROM pg_constraint WHERE conname LIKE 'pc\_c%' ORDER BY 1;
ROLLBACK;
SELECT conname, condeferrable, condeferred FROM pg_constraint WHERE conname LIKE 'pc\_c%' ORDER BY 1;
SELECT contype, count(*), count(*) FILTER (WHERE condeferrable) AS deferrable
  FROM pg_constraint WHERE conname LIKE 'pc\_%' GROUP BY contype ORDER BY 1;

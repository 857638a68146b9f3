-- composite columns: what Sunstone refuses with 0A000 where PostgreSQL 15 goes on
CREATE TABLE rrp (a int, b text);
CREATE TABLE rrq (id int, x rrp, y rrp[]);
INSERT INTO rrq VALUES (1, ROW(1,'a'), ARRAY[ROW(2,'b')::rrp]);
-- renaming the table, several subcommands at once
CREATE TABLE rrp2 (a int);
CREATE TABLE rrq2 (x rrp2);
ALTER TABLE rrp2 RENAME TO rrp3;
ALTER TABLE rrp2 ADD COLUMN b int, ADD COLUMN c int;
-- a row type used by a column of a table whose own row type is used
CREATE TABLE rrq3 (z rrq2);
ALTER TABLE rrp2 ADD COLUMN b int;
-- a field target of ON CONFLICT DO UPDATE
CREATE TABLE rrk (id int PRIMARY KEY, x rrp);
INSERT INTO rrk VALUES (1, ROW(1,'a')) ON CONFLICT (id) DO UPDATE SET x.a = 2;
-- (x).* outside a select list
SELECT count((x).*) FROM rrq;
SELECT * FROM rrq;

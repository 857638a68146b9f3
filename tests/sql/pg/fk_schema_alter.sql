-- ALTER TABLE schema.table ADD FOREIGN KEY: the constraint goes on the named table, not on a
-- table of the same name found through search_path
CREATE SCHEMA s;
CREATE TABLE s.t (id int PRIMARY KEY);
CREATE TABLE s.x (a int);
CREATE TABLE x (a int);
ALTER TABLE s.x ADD CONSTRAINT x_a_fkey FOREIGN KEY (a) REFERENCES s.t (id);
ALTER TABLE s.x ADD FOREIGN KEY (a) REFERENCES s.t MATCH SIMPLE ON UPDATE NO ACTION ON DELETE CASCADE;
INSERT INTO s.t VALUES (1);
INSERT INTO s.x VALUES (1);
INSERT INTO s.x VALUES (2);
INSERT INTO x VALUES (2);
DELETE FROM s.t;
SELECT count(*) FROM s.x;
\d s.x
\d x
SET search_path = s, public;
ALTER TABLE public.x ADD FOREIGN KEY (a) REFERENCES t;
INSERT INTO public.x VALUES (5);

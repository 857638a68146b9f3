-- typed SQL goes through PostgreSQL's simple query protocol: nothing can be bound, so a
-- parameter reference is an error (not an unbound NULL)
SELECT $1;
SELECT 1 + $1 AS x;
CREATE TABLE sp (a int);
INSERT INTO sp VALUES ($1);
SELECT a
  FROM sp WHERE a = $2;
SELECT count(*) FROM sp;
DROP TABLE sp;

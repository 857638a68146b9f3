-- window functions: ranking, distribution, ntile, lag / lead, first / last / nth_value
CREATE TABLE wf (id int, grp text, v int, x numeric, f float8, t text);
INSERT INTO wf VALUES (1,'a',10,1.5,0.5,'p'),(2,'a',20,2.5,1.5,'q'),(3,'a',20,NULL,2.5,'r'),
  (4,'b',5,4.25,NULL,'s'),(5,'b',NULL,5,3.5,NULL),(6,'b',5,6,4.5,'u'),(7,NULL,1,7,5.5,'v'),(8,'c',3,8,6.5,'w');
SELECT id, grp, v, row_number() OVER (PARTITION BY grp ORDER BY v, id) AS rn,
       rank() OVER (PARTITION BY grp ORDER BY v) AS rk,
       dense_rank() OVER (PARTITION BY grp ORDER BY v) AS dr,
       percent_rank() OVER (PARTITION BY grp ORDER BY v) AS pr,
       cume_dist() OVER (PARTITION BY grp ORDER BY v) AS cd
FROM wf ORDER BY id;
SELECT id, v, rank() OVER (ORDER BY v DESC), rank() OVER (ORDER BY v NULLS FIRST), dense_rank() OVER (ORDER BY v DESC NULLS LAST) FROM wf ORDER BY id;
SELECT id, row_number() OVER (), rank() OVER (), dense_rank() OVER (), percent_rank() OVER (), cume_dist() OVER () FROM wf ORDER BY id;
SELECT id, ntile(3) OVER (ORDER BY id), ntile(1) OVER (ORDER BY id), ntile(10) OVER (ORDER BY id), ntile(2) OVER (PARTITION BY grp ORDER BY id) FROM wf ORDER BY id;
SELECT id, ntile(NULL) OVER (ORDER BY id) FROM wf ORDER BY id;
SELECT id, lag(v) OVER (ORDER BY id), lead(v) OVER (ORDER BY id), lag(v, 2) OVER (ORDER BY id), lead(v, 3, 0) OVER (ORDER BY id), lag(v, -1) OVER (ORDER BY id), lag(v, 0) OVER (ORDER BY id) FROM wf ORDER BY id;
SELECT id, lag(t, 1, 'none') OVER (PARTITION BY grp ORDER BY id), lead(x, 1, 0) OVER (PARTITION BY grp ORDER BY id), lag(f) OVER (ORDER BY id), lead(id, NULL) OVER (ORDER BY id) FROM wf ORDER BY id;
SELECT id, lag(x, 1, 99.5) OVER (ORDER BY id), lead(v, 1, NULL) OVER (ORDER BY id) FROM wf ORDER BY id;
SELECT id, first_value(v) OVER w, last_value(v) OVER w, nth_value(v, 2) OVER w, nth_value(t, 3) OVER w FROM wf WINDOW w AS (PARTITION BY grp ORDER BY id) ORDER BY id;
SELECT id, first_value(t) OVER w, last_value(t) OVER w, nth_value(x, 2) OVER w FROM wf WINDOW w AS (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) ORDER BY id;
SELECT id, first_value(id) OVER w, last_value(id) OVER w, nth_value(id, 2) OVER w FROM wf WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW) ORDER BY id;
SELECT id, v, first_value(id) OVER w, last_value(id) OVER w FROM wf WINDOW w AS (ORDER BY v RANGE BETWEEN CURRENT ROW AND CURRENT ROW EXCLUDE TIES) ORDER BY id;
SELECT id, nth_value(id, 0) OVER (ORDER BY id) FROM wf;
SELECT id, ntile(0) OVER (ORDER BY id) FROM wf;
SELECT id, ntile(-1) OVER (ORDER BY id) FROM wf;
SELECT row_number() OVER (ORDER BY id) * 10 + 1 AS e, id FROM wf ORDER BY row_number() OVER (ORDER BY id) DESC;
SELECT id FROM wf ORDER BY rank() OVER (PARTITION BY grp ORDER BY v), id;
SELECT id, row_number() OVER (ORDER BY id) FROM wf WHERE false;
SELECT row_number() OVER (), 1 AS one;
SELECT id, v, row_number() OVER (PARTITION BY v % 2 ORDER BY id) FROM wf ORDER BY id;
SELECT * FROM (SELECT id, row_number() OVER (ORDER BY id DESC) AS r FROM wf) s WHERE r <= 3 ORDER BY id;
SELECT id, (SELECT count(*) FROM wf w2 WHERE w2.id <= wf.id) c, row_number() OVER (ORDER BY id) FROM wf ORDER BY id;

-- json_agg / jsonb_agg / json_object_agg / jsonb_object_agg with OVER: frames, partitions,
-- NULL values (kept as null), empty frames (NULL), EXCLUDE, FILTER, a NULL key (22023)
CREATE TABLE wj (g int, t int, x int, j text, n numeric, f boolean);
INSERT INTO wj VALUES (1,1,10,'a',1.5,true),(1,2,20,'b',2.25,false),(1,3,NULL,NULL,NULL,NULL),(2,4,5,'c',0.5,true),(2,5,7,'d',3,true),(3,6,1,'e"q',7.125,false);
SELECT g, t, json_agg(x) OVER (PARTITION BY g ORDER BY t) FROM wj ORDER BY t;
SELECT t, jsonb_agg(j) OVER (ORDER BY t ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM wj ORDER BY t;
SELECT t, json_agg(n) OVER w, jsonb_agg(f) OVER w FROM wj WINDOW w AS (ORDER BY t ROWS BETWEEN 2 FOLLOWING AND 3 FOLLOWING) ORDER BY t;
SELECT t, json_agg(x) OVER (ORDER BY t ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW) FROM wj ORDER BY t;
SELECT t, json_agg(j) FILTER (WHERE x > 5) OVER (ORDER BY t) FROM wj ORDER BY t;
SELECT t, jsonb_agg(x) OVER (ORDER BY g RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM wj ORDER BY t;
SELECT t, json_object_agg(j, x) OVER (ORDER BY t) FROM wj WHERE j IS NOT NULL ORDER BY t;
SELECT t, jsonb_object_agg(j, n) OVER (PARTITION BY g) FROM wj WHERE j IS NOT NULL ORDER BY t;
SELECT t, json_object_agg(j, x) OVER (ORDER BY t) FROM wj ORDER BY t;
SELECT g, json_agg(sum(x)) OVER (ORDER BY g) FROM wj GROUP BY g ORDER BY g;

-- aggregates with OVER: count / sum / min / max / avg of every type, the plugin ones, FILTER
CREATE TABLE wa (id int, g int, i2 smallint, i4 int, i8 bigint, n numeric, f4 real, f8 float8, t text, d date, ts timestamp, iv interval, b bool);
INSERT INTO wa VALUES
 (1, 1, 1, 10, 100, 1.25, 1.5, 2.25, 'b', '2024-01-01', '2024-01-01 10:00', '1 day', true),
 (2, 1, 2, 20, 200, 2.50, 2.5, 3.25, 'a', '2024-01-03', '2024-01-02 11:00', '2 hours', false),
 (3, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
 (4, 2, 4, 40, 400, 4.75, 4.5, 5.25, 'd', '2024-02-01', '2024-02-01 00:00', '1 mon', true),
 (5, 2, 5, 50, 9223372036854775807, 5.00, 5.5, 6.25, 'c', '2024-02-10', '2024-02-11 00:00', '-3 days', true),
 (6, 3, 6, 60, 600, 6.125, 6.5, 7.25, 'e', '2024-03-01', '2024-03-01 12:30', '10 minutes', false);
SELECT id, count(*) OVER (), count(i4) OVER (), count(*) OVER (PARTITION BY g), count(i4) OVER (ORDER BY id) FROM wa ORDER BY id;
SELECT id, sum(i2) OVER w, sum(i4) OVER w, sum(i8) OVER w, sum(n) OVER w, sum(f4) OVER w, sum(f8) OVER w FROM wa WINDOW w AS (PARTITION BY g ORDER BY id) ORDER BY id;
SELECT id, avg(i2) OVER w, avg(i4) OVER w, avg(i8) OVER w, avg(n) OVER w, avg(f4) OVER w, avg(f8) OVER w FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) ORDER BY id;
SELECT id, min(i4) OVER w, max(i4) OVER w, min(n) OVER w, max(f8) OVER w, min(t) OVER w, max(t) OVER w, min(d) OVER w, max(ts) OVER w, min(iv) OVER w FROM wa WINDOW w AS (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) ORDER BY id;
SELECT id, sum(i4) FILTER (WHERE id > 1) OVER (ORDER BY id), count(*) FILTER (WHERE b) OVER (), max(t) FILTER (WHERE NOT b) OVER (ORDER BY id) FROM wa ORDER BY id;
SELECT id, stddev(f8) OVER (ORDER BY id), variance(f8) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), bit_or(i4) OVER (ORDER BY id), corr(f8, i4) OVER () FROM wa ORDER BY id;
SELECT id, sum(i8) OVER (ORDER BY id) FROM wa ORDER BY id;
SELECT id, sum(i4) OVER (), sum(i4) OVER () * 2 AS twice, sum(i4) OVER () - i4 AS rest FROM wa ORDER BY id;
SELECT id, sum(i4) OVER (PARTITION BY g ORDER BY id RANGE UNBOUNDED PRECEDING), sum(i4) OVER (PARTITION BY g ORDER BY id ROWS UNBOUNDED PRECEDING) FROM wa ORDER BY id;
SELECT g, sum(i4), count(*), sum(sum(i4)) OVER (), rank() OVER (ORDER BY sum(i4) DESC NULLS LAST), avg(count(*)) OVER (ORDER BY g) FROM wa GROUP BY g ORDER BY g;
SELECT g, count(*) OVER (), max(g) OVER (ORDER BY g DESC) FROM wa GROUP BY g HAVING count(*) > 1 ORDER BY g;
SELECT count(*) OVER (), sum(i4) OVER () FROM wa WHERE id < 0;
SELECT id, sum(i4) OVER (ORDER BY i4 NULLS FIRST), count(*) OVER (ORDER BY t DESC) FROM wa ORDER BY id;
SELECT id, sum(n) OVER (ORDER BY id GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM wa ORDER BY id;
CREATE TABLE sa (id int, t text, b bool, d text);
INSERT INTO sa VALUES (1,'a',true,','),(2,NULL,false,';'),(3,'c',NULL,NULL),(4,'d',true,'-');
SELECT id, string_agg(t, d) OVER (ORDER BY id), array_agg(t) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), bool_and(b) OVER (ORDER BY id), bool_or(b) OVER (ORDER BY id DESC), every(b) OVER () , array_agg(id) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 3 FOLLOWING), string_agg(t, '|') OVER () FROM sa ORDER BY id;

-- numeric sqrt / ln / log / exp / power over 200 generated values of many magnitudes and
-- scales, near 1 too (digits compared with PostgreSQL)
CREATE TABLE nrand (x numeric, y numeric);
INSERT INTO nrand
SELECT CASE k % 4
         WHEN 0 THEN round(((k * 7919) % 99991 + 1) * 0.01, k % 9) + 1
         WHEN 1 THEN ((k * 104729) % 99999 + 1) * ('1e' || (k % 61 - 30))::numeric
         WHEN 2 THEN round(1 + ((k * 31) % 2001 - 1000) * 0.0001, 4 + k % 17)
         ELSE ((k::numeric * 15485863) % 1000000007) ^ (1 + k % 3)
       END,
       round(((k * 37) % 4001 - 2000) * 0.01, k % 5)
FROM generate_series(1, 200) k;
SELECT x, sqrt(x), ln(x), log(x), exp(least(x, 5000)), log(x + 1.5, x) FROM nrand;
SELECT x, y, power(x, y), power(x, round(y)) FROM nrand;

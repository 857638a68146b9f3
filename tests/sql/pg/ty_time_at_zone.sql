-- time / timetz AT TIME ZONE (a zone name's offset is the one now: only zones without DST
-- or fixed offsets here, so the output does not depend on the date the test runs)
SET TIME ZONE 'UTC';
SELECT '10:00'::time AT TIME ZONE 'UTC' AS a, '10:00'::time AT TIME ZONE 'Asia/Kolkata' AS b;
SELECT '10:00:00.5+02'::timetz AT TIME ZONE 'Asia/Tokyo' AS a, '23:30-01'::timetz AT TIME ZONE 'UTC' AS b;
SELECT '01:00+00'::timetz AT TIME ZONE '+05' AS a, '01:00+00'::timetz AT TIME ZONE 'EST' AS b;
SELECT '01:00+00'::timetz AT TIME ZONE INTERVAL '-03:30' AS a, '22:00+00'::timetz AT TIME ZONE INTERVAL '05:00' AS b;
SELECT timezone('Asia/Kolkata', '12:00+00'::timetz) AS a, pg_typeof('12:00'::time AT TIME ZONE 'UTC') AS b;
SET TIME ZONE 'Asia/Kolkata';
SELECT '10:00'::time AT TIME ZONE 'UTC' AS a, '10:00'::time AT TIME ZONE INTERVAL '01:00' AS b;
CREATE TABLE ty_tz (t time, z text);
INSERT INTO ty_tz VALUES ('00:15', 'UTC'), ('12:00', 'Asia/Tokyo'), (NULL, 'UTC'), ('01:00', NULL);
SELECT t, z, t AT TIME ZONE z AS at FROM ty_tz ORDER BY t, z;
SELECT '10:00+00'::timetz AT TIME ZONE 'Nowhere/Zone';
SELECT '10:00+00'::timetz AT TIME ZONE INTERVAL '1 day';
DROP TABLE ty_tz;

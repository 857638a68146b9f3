-- (s1, e1) OVERLAPS (s2, e2) for date, timestamp, timestamptz, time and timetz pairs, an end given as an interval, NULL ends
SELECT (date '2001-02-16', date '2001-12-21') OVERLAPS (date '2001-10-30', date '2002-10-30'), (date '2001-02-16', interval '100 days') OVERLAPS (date '2001-10-30', date '2002-10-30');
SELECT (date '2001-10-29', date '2001-10-30') OVERLAPS (date '2001-10-30', date '2001-10-31'), (date '2001-10-30', date '2001-10-30') OVERLAPS (date '2001-10-30', date '2001-10-31');
SELECT (timestamp '2001-02-16 20:38:40', interval '1 day') OVERLAPS (timestamp '2001-02-17', interval '1 hour'), (timestamp '2001-02-16 20:38:40', timestamp '2001-02-16 10:00') OVERLAPS (timestamp '2001-02-16 12:00', timestamp '2001-02-16 12:00');
SELECT (timestamptz '2001-01-01 00:00+00', timestamptz '2001-02-01 00:00+00') OVERLAPS (timestamptz '2001-01-31 23:00-02', interval '1 day'), (timestamptz '2001-01-01', interval '1 month') OVERLAPS (timestamptz '2001-02-01', interval '1 month');
SELECT (time '10:00', time '11:00') OVERLAPS (time '10:30', time '12:00'), (time '10:00', interval '30 minutes') OVERLAPS (time '10:30', interval '1 hour'), (time '23:00', interval '2 hours') OVERLAPS (time '00:30', time '00:45');
SELECT (timetz '10:00+02', timetz '11:00+02') OVERLAPS (timetz '08:30+00', timetz '09:30+00'), (timetz '10:00+02', timetz '11:00+02') OVERLAPS (timetz '09:30+00', timetz '10:30+00');
SELECT (date '2001-01-01', NULL::date) OVERLAPS (date '2000-01-01', date '2002-01-01'), (NULL::date, date '2001-01-01') OVERLAPS (date '2000-01-01', date '2002-01-01'), (NULL::date, NULL::date) OVERLAPS (date '2000-01-01', date '2002-01-01');
SELECT (date '2001-01-01', NULL::date) OVERLAPS (date '2000-01-01', date '2000-06-01'), (date '2000-01-01', date '2000-06-01') OVERLAPS (date '2001-01-01', NULL::date), (date '2001-01-01', NULL::date) OVERLAPS (date '2001-01-01', date '2001-06-01');
SELECT (date '2001-01-01', date '2001-03-01') OVERLAPS (date '2000-01-01', NULL::date), (timestamp '2001-01-01', NULL::interval) OVERLAPS (timestamp '2001-01-01', interval '1 day');
SELECT overlaps(time '01:00', time '02:00', time '01:30', time '03:00'), pg_typeof((date '2001-01-01', date '2001-02-01') OVERLAPS (date '2001-01-15', date '2001-03-01'));
CREATE TABLE ov (id int, s timestamp, e timestamp);
INSERT INTO ov VALUES (1, '2024-01-01 08:00', '2024-01-01 10:00'), (2, '2024-01-01 09:30', '2024-01-01 11:00'), (3, '2024-01-01 12:00', NULL), (4, '2024-01-01 10:00', '2024-01-01 10:30');
SELECT a.id, b.id, (a.s, a.e) OVERLAPS (b.s, b.e) FROM ov a, ov b WHERE a.id < b.id ORDER BY 1, 2;
SELECT (1, 2) OVERLAPS (3, 4);
SELECT (date '2001-01-01', date '2001-01-02', date '2001-01-03') OVERLAPS (date '2001-01-01', date '2001-01-02');

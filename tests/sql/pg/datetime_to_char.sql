-- to_char for timestamp, timestamptz, date and interval with PostgreSQL's common patterns.
SET TIME ZONE 'Europe/Berlin';
SELECT to_char(timestamp '2024-03-05 14:07:09.123456', 'YYYY-MM-DD HH24:MI:SS.US'), to_char(timestamp '2024-03-05 14:07:09.123456', 'YYYY-MM-DD HH12:MI:SS.MS AM');
SELECT to_char(timestamp '2024-03-05 04:07:09', 'Day, DD Month YYYY'), to_char(timestamp '2024-03-05 04:07:09', 'FMDay, FMDD FMMonth YYYY'), to_char(timestamp '2024-03-05', 'DY dy Dy MON mon Mon');
SELECT to_char(timestamp '2024-03-05', 'DDD D ID W WW IW IYYY IYY IY I Q CC J'), to_char(timestamp '2024-03-05', 'YYYY YYY YY Y Y,YYY');
SELECT to_char(timestamp '2024-03-05 00:30', 'HH HH12 HH24 am pm A.M. p.m.'), to_char(timestamp '2024-03-05 23:30', 'HH12 PM'), to_char(timestamp '2024-12-31 12:00', 'SSSS SSSSS');
SELECT to_char(timestamp '2024-03-01', 'DDth DDTH FMDDth'), to_char(timestamp '2024-03-02', 'FMDDth'), to_char(timestamp '2024-03-03', 'FMDDth'), to_char(timestamp '2024-03-11', 'FMDDth'), to_char(timestamp '2024-03-22', 'FMDDth');
SELECT to_char(timestamp '2024-03-05', '"Quarter" Q "of" YYYY'), to_char(timestamp '2024-03-05', 'RM rm FMRM'), to_char(timestamp '0044-03-15 BC', 'YYYY BC AD b.c.');
SELECT to_char(timestamp '2024-03-05 14:07:09.123456', 'FF1 FF2 FF3 FF4 FF5 FF6'), to_char(timestamp '2024-03-05', 'MM/DD/YY'), to_char(timestamp '2024-03-05', 'YYYYMMDD');
SELECT to_char(timestamptz '2024-07-05 14:07:09+00', 'YYYY-MM-DD HH24:MI:SS TZ tz OF TZH:TZM'), to_char(timestamptz '2024-01-05 14:07:09+00', 'HH24:MI TZ OF');
SELECT to_char(timestamp '2024-07-05 14:07:09', 'HH24:MI TZ OF'), to_char(date '2024-03-05', 'DD Mon YYYY'), to_char(date '2024-03-05', 'Day');
SELECT to_char(interval '1 year 2 mons 3 days 04:05:06.789', 'YYYY MM DD HH24 MI SS MS US'), to_char(interval '27 hours 5 minutes', 'HH24:MI'), to_char(interval '15 hours', 'HH12 HH');
SELECT to_char(timestamp 'infinity', 'YYYY'), to_char(timestamp '2024-03-05', ''), to_char(NULL::timestamp, 'YYYY');
SELECT to_char(timestamp '2024-03-05 14:07:09', 'YYYY-MM-DD"T"HH24:MI:SS'), to_char(timestamp '2024-03-05', 'FMMM/FMDD/YYYY'), to_char(timestamp '2024-03-05', 'month MONTH Month');
SET TIME ZONE 'Asia/Kathmandu';
SELECT to_char(timestamptz '2024-07-05 14:07:09+00', 'HH24:MI OF TZH TZM TZ');

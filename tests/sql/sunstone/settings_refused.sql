-- Settings Sunstone accepts only in the values it honours: the others are refused with
-- 0A000 instead of being accepted and ignored.
-- backslashes in '...' are always literal (PostgreSQL's default)
SET standard_conforming_strings = off;
SET standard_conforming_strings = 'of';
SET standard_conforming_strings = false;
SHOW standard_conforming_strings;
SELECT 'a\nb' AS s;
-- Sunstone speaks UTF8 only
SET client_encoding = 'LATIN1';
SET client_encoding = 'win1252';
SET client_encoding = 'SQL_ASCII';
SHOW client_encoding;
-- SET LOCAL warns first, then validates
SET LOCAL standard_conforming_strings = off;
-- parameters PostgreSQL has and Sunstone does not implement: 0A000 naming them (not 42704)
SET temp_buffers = '64MB';
SHOW maintenance_work_mem;
RESET lock_timeout;
SET LOCAL temp_buffers = '1MB';
-- a name PostgreSQL does not know either stays 42704
SET no_such_parameter = 1;
SHOW no_such_parameter;

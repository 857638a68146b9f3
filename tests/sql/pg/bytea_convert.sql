-- convert / convert_to / convert_from between UTF8, SQL_ASCII and LATIN1, and bytea LIKE over
-- every pairing of a few texts and patterns
SELECT convert('\x68e9'::bytea, 'LATIN1', 'UTF8') AS l2u, convert('\x68c3a9'::bytea, 'UTF8', 'LATIN1') AS u2l, convert('\x6162'::bytea, 'SQL_ASCII', 'LATIN1') AS a2l;
SELECT convert('\xff'::bytea, 'UTF8', 'LATIN1');
SELECT convert('\xff'::bytea, 'LATIN1', 'LATIN1') AS same, convert('\xff'::bytea, 'SQL_ASCII', 'UTF8');
SELECT convert('\x00'::bytea, 'LATIN1', 'UTF8');
SELECT convert('ab'::bytea, 'foo', 'bar');
SELECT convert('ab'::bytea, 'UTF8', 'bar');
SELECT convert('\xe282ac'::bytea, 'UTF8', 'LATIN1');
SELECT convert_from('\x00'::bytea, 'UTF8');
SELECT convert_from('\xe9'::bytea, 'SQL_ASCII');
SELECT convert_to('é', 'SQL_ASCII') AS to_ascii, convert_from('\x61'::bytea, 'sql-ascii') AS from_ascii, convert_to('x', 'ISO-8859-1') AS iso;
SELECT t, p, t::bytea LIKE p::bytea AS "like", t::bytea NOT LIKE p::bytea AS not_like
FROM (VALUES (''), ('a'), ('ab'), ('abc'), ('aab'), ('a%c'), ('a_c'), ('abcabc'), ('ba'), ('x')) a(t),
     (VALUES (''), ('%'), ('a'), ('a%'), ('%a'), ('%a%'), ('_'), ('__'), ('a_c'), ('a\\%c'), ('a\\_c'), ('%b%'),
             ('a%c'), ('%%'), ('a%%c'), ('ab%bc'), ('%c'), ('_%_'), ('abc%abc'), ('%bc%bc'), ('a%b%c'), ('x\\')) b(p)
WHERE NOT (p = 'x\\' AND length(t) > 1)
ORDER BY t, p;
SELECT 'xa'::bytea LIKE 'x\\'::bytea;
SELECT 'abc'::bytea LIKE '%\\'::bytea;

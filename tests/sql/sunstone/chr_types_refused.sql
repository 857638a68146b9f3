-- character(n), bytea and uuid: what PostgreSQL 15 has and Sunstone does not yet is refused
-- with 0A000 naming it, never answered otherwise.  An untyped literal given to get_bit /
-- set_bit is of type bit in PostgreSQL, not bytea (PostgreSQL's error for this one).
SELECT get_bit('\x0102', 15);
SELECT set_bit('\x0102', 1, 1);
SELECT get_bit('\x0102'::bytea, 15) AS typed;
SELECT convert_to('abc', 'EUC_JP');
SELECT convert_from('\x61'::bytea, 'WIN1252');
SELECT 'ab'::char(3) ~>~ 'b';

-- bit / bit varying: input forms, typmods, errors, operators over columns, casts
select B'', X'', X'aF', x'0', b'0', 'B101'::bit(3), 'X0f'::varbit;
select '1012'::bit(4);
select 'x1G'::varbit;
select B'102';
select '101'::bit, '101'::bit(5), '10101'::bit(2), '10101'::varbit(2), '101'::varbit(10);
select ''::varbit(0);
select B'1'::bit(100000000);
select B'1'::bit(0);
select 'b'::bit varying, ''::bit varying;
select B'1010'::bit varying(3), cast(B'1' as bit(3)), cast(B'1111' as varbit(2));
select pg_typeof(B'1'), pg_typeof('1'::varbit), pg_typeof(B'1'::bit(3)), pg_typeof(B'1' || B'0'), pg_typeof(~B'1'::varbit);
-- comparisons: bit order is bitwise order, a prefix first
select B'10' < B'100', B'1' < B'01', B'0' < B'', B'' < B'0', B'110' > B'11', B'01' = B'01'::varbit, B'01' <> B'010';
select B'101' = '101', '101' = B'101', B'101'::varbit >= '1';
-- operators
select B'1100' & B'1010', B'1100' | B'1010', B'1100' # B'1010', ~B'1100', ~B'';
select B'1100'::varbit & B'1010', B'1100'::varbit(8) | '1010';
select B'10' | B'100';
select B'10' # B'1';
select B'1011' << 1, B'1011' << 3, B'1011' << 4, B'1011' << 100, B'1011' << -1, B'1011' >> 1, B'1011' >> -2, B'1011' >> 0;
select B'' || B'', B'1' || B'', B'10' || B'01'::varbit(4), B'1' || '01';
-- functions
select length(B''), length(B'1010101010'), bit_length(B'101'), octet_length(B''), octet_length(B'1'), octet_length(B'11111111'), octet_length(B'111111111');
select position(B'1' in B'0001'), position(B'11' in B'0101'), position(B'' in B''), position(B'0' in B'');
select substring(B'110101' from 2), substring(B'110101' from 2 for 2), substring(B'110101' from 0 for 2), substring(B'110101' from -5 for 2), substring(B'110101' from 10), substring(B'1101' for 2);
select substring(B'110101' from 2 for -1);
select overlay(B'111111' placing B'000' from 2), overlay(B'111111' placing B'000' from 2 for 1), overlay(B'111111' placing B'' from 6 for 10), overlay(B'11' placing B'00' from 5);
select get_bit(B'0100', 1), get_bit(B'0100', 0), get_bit('1', 0), set_bit(B'0000', 3, 1), set_bit(B'1111'::varbit, 0, 0);
select get_bit(B'0100', -1);
select set_bit(B'0100', 4, 1);
select set_bit(B'0100', 1, -1);
select bit_count(B''), bit_count(B'1'), bit_count(B'1011011101'), bit_count(X'ffff');
-- casts to and from integers
select 0::bit(1), 1::bit(1), 2::bit(1), 5::bit(3), 5::bit(8), (-5)::bit(8), (-5)::bit(40), 5::bit, 5::int8::bit(3), (-1)::int8::bit(70);
select B'0'::int4, B'1'::int4, B'0101'::int4, B'11111111111111111111111111111111'::int4, B'10000000000000000000000000000000'::int4, B''::int4;
select B'1111111111111111111111111111111111111111111111111111111111111111'::int8, X'7fffffffffffffff'::int8, X'ff'::int8;
select X'100000000'::int4;
select X'10000000000000000'::int8;
select 1::bit(3)::int, 123456::bit(32)::int4 = 123456;
select B'101'::text, B'101'::varchar, B'101'::text::bit(3), '101'::text::varbit(2), 'x'::text::bit(1);
select 1::smallint::bit(4);
select B'1'::numeric;
select 1.5::bit(4);
-- NULLs
select B'1' & null, null::bit(3) | B'101', length(null::bit), get_bit(null::bit, 1), bit_count(null::varbit), null::bit(3)::int;
-- conditionals, CASE, COALESCE, UNION
select coalesce(null, B'101'), nullif(B'101', B'101'), greatest(B'01', B'1', B'001'), least(B'01'::varbit, B'1');
select case when true then B'1' else B'0101' end, pg_typeof(case when true then B'1' else '01'::varbit end);
select B'11' union select B'011' union select B'11' order by 1;
select B'11'::bit(2) as x union all select B'0110'::varbit order by x;
select x from (values (B'101'), (B'1'), (B'01'), (null), (B'101')) v(x) group by x order by x desc nulls last;
select distinct x from (values (B'1'::varbit), (B'1'), (B'11')) v(x) order by 1;
select min(x), max(x), count(distinct x) from (values (B'101'), (B'1'), (B'011')) v(x);

-- functions found missing by the sweep over PostgreSQL 15's catalog: trim_array, bit_count(bytea), bit_length(text)
select trim_array(array[1,2,3], 1), trim_array(array[[1,2],[3,4],[5,6]], 2), trim_array('[2:4]={1,2,3}'::int[], 1), trim_array(array[1], 1), trim_array('{}'::int[], 0);
select trim_array(array['a', null, 'c'], 1), trim_array(array[1.5, 2.5], 0), pg_typeof(trim_array(array['x'::text], 1));
select trim_array(array[1,2], 3);
select trim_array('{}'::int[], 1);
select trim_array(array[1], -1);
select trim_array(array[1,2], null), trim_array(null::int[], 1);
select trim_array(1, 1);
select bit_count('\x0f'::bytea), bit_count(''::bytea), bit_count('\xffff01'::bytea), bit_count(null::bytea);
select bit_length('abc'), bit_length('é'::text), bit_length(''::varchar), bit_length(null::text), bit_length('ab  '::char(4));
select string_to_table('a,b,,c', ',');
select * from string_to_table('a,b,x', ',', 'x') with ordinality;
select * from string_to_table(null, ',');
select * from string_to_table('abc', null);
select * from string_to_table('', ',');
select * from string_to_table('a<>b<>', '<>') t(piece);
select s, p from (values ('1 2'), ('3')) v(s), string_to_table(s, ' ') p order by 1, 2;
select string_to_table('x y', ' '), pg_typeof(string_to_table('x', ','));
select string_to_table(1, 2);

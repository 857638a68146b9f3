-- psql's \pset: borders 0 to 2, titles, null display, footers, unaligned record separators,
-- CSV quoting, and the messages and errors of each option.
create table pt (n int, s text, m text);
insert into pt values (1, 'a', 'x'), (22, null, 'two
lines'), (333, 'ccc', '');
\pset border 0
select * from pt;
\pset border 2
select * from pt;
\pset title 'T'
select * from pt;
\pset title
\pset border 1
\x on
select * from pt;
\pset border 0
select * from pt;
\pset border 2
select * from pt;
\pset border 1
\pset format unaligned
select * from pt;
\pset format csv
select * from pt;
\x off
select * from pt;
select 'a"b' as "q""c", ' lead' as l, 'x
y' as nl, '' as e;
\t on
select * from pt;
\t off
\pset csv_fieldsep ';'
select * from pt;
\pset format aligned
\pset footer off
select * from pt;
\pset footer on
\pset null NULL
select * from pt;
\pset expanded
select * from pt where n = 1;
\pset expanded
\pset tuples_only
select * from pt where n = 1;
\pset tuples_only
\pset format bogus
\pset border 5
\pset bogus 1
\pset recordsep ':'
\pset format unaligned
select * from pt;
drop table pt;
\pset format csv
select E'\\.' as a, E'a\rb' as b, 'x;y' as c, E'tab\there' as d;
\pset csv_fieldsep ';'
select 'x;y' as c, 'x,y' as d;
\x
select 1 as a, 'p,q' as b;
\t
select 1 as a, 'p,q' as b;
\t
select 1 as a where false;
\pset format unaligned
select 1 as a where false;
\pset title TT
select 1 as a where false;
\pset format aligned
select 1 as a where false;
\pset footer off
select 1 as a where false;
\pset border
\pset border 1
\pset null
\pset null 'X'
\pset fieldsep
\pset fieldsep ','
\pset recordsep
\pset csv_fieldsep
\pset csv_fieldsep ab
\pset footer
\pset footer
\pset footer off
\pset footer on
\pset tuples_only
\pset tuples_only off
\pset expanded
\pset expanded auto
\pset expanded off
\pset expanded bogus
\pset format
\pset format u
\pset format a
\pset format al
\pset format c
\pset title
\pset title x
\pset t
\pset x
\x
\x
\x bogus
\x auto
\C Foo
\C
\a
\a
\t
\t
\t on
\t
\f ;
\f
\pset pager off
\pset columns 80

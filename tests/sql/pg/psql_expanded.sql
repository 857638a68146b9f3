-- psql's expanded display (\x) in aligned, unaligned and CSV output with borders 0, 1 and 2:
-- record lines, the value column widened to the widest record line, multi-line values,
-- tuples only, titles and empty results.
\x
select 1 as a, 'hello world long value' as bb, null as c;
select 'x' as verylongcolumnname, 2 as b union all select 'multi
line', 3;
select 1 where false;
\pset null '(nul)'
select null as n;
\pset format unaligned
select 1 as a, 2 as b union all select 3, 4;
\t
select 1 as a, 2 as b union all select 3, 4;
\pset format aligned
select 1 as a, 2 as b union all select 3, 4;
\t
\pset border 0
select 1 as a, 2 as b union all select 3, 4;
\x
select 1 as a, 2 as b;
\pset border 2
select 1 as a, 2 as b;
\x auto
select 1 as a;
\pset format csv
select 1 as a, 'x,y' as b, null as c;
\pset footer off
\pset format aligned
select 1 as a;
\pset title 'My Title'
select 1 as a;
\x
\pset border 2
select g as n from generate_series(1,2) g;
select g as n from generate_series(9,10) g;
select g as nnn from generate_series(1,2) g;
select 'a
b' as n from generate_series(1,2) g;
\pset border 1
select 'a
b' as n from generate_series(1,2) g;
select 'a
b' as n from generate_series(1,10) g offset 8;
select 'a
b' as nnn from generate_series(1,2) g;
\pset border 0
select 'a
b' as n from generate_series(1,2) g;
select 'a
b' as nnn from generate_series(1,2) g;

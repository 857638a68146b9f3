-- psql's scripting commands: \if / \elif / \else / \endif (nesting, skipped branches run
-- nothing and substitute no variables, psql's errors), \gset [prefix] (NULL unsets, no row or
-- several rows are errors), \gx, \qecho / \warn, \o FILE (query output only) and \!.
\set x 1
\if :x
\echo x-true
\elif true
\echo elif-not-reached
\else
\echo else-not-reached
\endif
\if false
\echo no
select 1/0;
\set y 5
\elif off
\echo no2
\else
\echo in-else :x
select 'else query' as q;
\endif
\if bogus
\echo bogus-true
\else
\echo bogus-else
\endif
\if true
  \if false
    \echo inner-no
  \else
    \echo inner-else
  \endif
\endif
\if false
select 'multi
line' as ml;
\endif
\echo after :y
\else
\endif
\elif true
\if true
\else
\else
\endif
select 1 as a \gset
\echo a is :a
select 1 as a, 2 as b where false \gset
select g from generate_series(1,2) g \gset
select null::int as a \gset
\echo a is :a
select 5 as "?column?" \gset
select 7 as v \gset p_
\echo :p_v
\qecho qe
\warn wa
\o /tmp/sunstone_psql_o.txt
select 'to file' as f;
\qecho qecho-file
\echo echo-console
\pset border 1
\o
\! cat /tmp/sunstone_psql_o.txt; rm -f /tmp/sunstone_psql_o.txt
\if true
select 1 as a, 2 as b \gx
select 41 as val \gset
\echo :val
select :val + 1;
select 'x' as p \gset pre_
\echo :pre_p
\if true
\echo yes
\else
\echo no
\endif
\o /dev/null

create table t (a int primary key, b varchar(10) not null default 'x', c serial);
create view v as select a, b from t;
create index t_b on t (b);
select c.relname, c.relkind, n.nspname, c.relnatts, c.relhasindex, c.relpersistence, c.oid >= 16384 as user_oid
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' order by 1;
select a.attname, format_type(a.atttypid, a.atttypmod), a.attnum, a.attnotnull, a.atthasdef, a.attidentity, a.attisdropped
  from pg_attribute a where a.attrelid = 't'::regclass and a.attnum > 0 order by a.attnum;
SELECT a.attname, t.typname, a.attnum FROM pg_catalog.pg_attribute a
  JOIN pg_catalog.pg_class c ON a.attrelid = c.oid
  JOIN pg_catalog.pg_namespace n ON c.relnamespace = n.oid
  JOIN pg_catalog.pg_type t ON a.atttypid = t.oid
 WHERE c.relname = 't' AND n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum;
select i.indexrelid::regclass, i.indrelid::regclass, i.indisunique, i.indisprimary, i.indnatts from pg_index i where i.indrelid = 't'::regclass order by 1;
select pg_get_indexdef(i.indexrelid) from pg_index i where i.indrelid = 't'::regclass order by 1;
select relname from pg_class where oid = 'pg_class'::regclass;
select nspname, oid < 16384 from pg_namespace where nspname in ('public', 'pg_catalog') order by 1;
select 'pg_catalog'::regnamespace::oid, 'public'::regnamespace::oid;
select typname from pg_type where oid = 'int4'::regtype;
select pg_typeof('t'::regclass::oid);
create table "Mixed" (id int generated always as identity, g int generated always as (id * 2) stored);
select a.attname, a.attidentity, a.attgenerated, a.atthasdef from pg_attribute a where a.attrelid = '"Mixed"'::regclass and a.attnum > 0 order by a.attnum;
select '"Mixed"'::regclass, 'mixed'::regclass;
select relname, relkind, relnatts from pg_class where oid = 'v'::regclass;
select relname from pg_class c where c.relnamespace = 'pg_catalog'::regnamespace and relname in ('pg_class', 'pg_attribute', 'pg_index', 'pg_namespace', 'pg_type') order by 1;
create schema other;
create table other.hidden (q int);
select 'other.hidden'::regclass, pg_table_is_visible('other.hidden'::regclass), pg_table_is_visible('t'::regclass);
set search_path = other, public;
select 'other.hidden'::regclass, 't'::regclass, pg_table_is_visible('other.hidden'::regclass);
reset search_path;
select c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'other' and c.oid >= 16384;
select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relname = 'hidden' and a.attnum > 0;
drop table other.hidden;
select to_regclass('other.hidden');
create table p (id int primary key);
create table f (id int references p, u int unique, check (u > 0));
select conname, contype, conrelid::regclass, confrelid::regclass, conindid <> 0 as has_index, connamespace = 'public'::regnamespace as in_public
  from pg_constraint where conrelid = 'f'::regclass order by conname;
select c.conname, c.confrelid::regclass, i.relname as index from pg_constraint c join pg_class i on i.oid = c.conindid
 where c.conrelid = 'f'::regclass and c.contype = 'f';

-- \d's Default column and Check constraints footer: pg_get_expr / pg_get_constraintdef's
-- pretty text of each form, through a column rename too
create table c1 (id serial primary key, tier text check (tier in ('a','b')), n numeric(12,2) default 0,
  n2 numeric default 1.5, v varchar(20) default 'new', i int default -1, b int check (b between 1 and 5),
  c text check (c like 'x%'), t timestamptz default now(), t2 timestamp(3) default localtimestamp(2),
  d date default current_date, e text default 'a' || 'b', f float8 default 2, g bool default true,
  h int check (h > 0 and (h < 10 or h is null)), k text check (length(k) < 5), m text default upper('x'),
  p jsonb default '{}', q int check (q not in (3,4)), r numeric check (r > 0.5), s int default 1 + 2 * 3,
  u bigint default 0, w smallint default 1, x interval default '1 day', y uuid default gen_random_uuid(),
  aa text check (case when aa = 'x' then true else false end), ab int check (coalesce(ab, 0) >= 0),
  ac text check (aa is distinct from ac));
\d c1
alter table c1 rename column tier to level;
alter table c1 rename column aa to "A a";
\d c1
create table c2 (a text check (a in ('x','y')), b int check (b between 1 and 5) default 3);
insert into c2 values ('z', 1);
insert into c2 values ('x', 6);
insert into c2 (a) values ('y');
table c2;

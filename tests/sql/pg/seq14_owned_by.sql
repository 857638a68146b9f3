create table t (a int, b serial, c int generated always as identity);
create view v as select * from t;
create schema s2;
create table s2.u (x int);
create sequence q;
create sequence q2;
create materialized view mv as select 1 as m;
alter sequence q owned by t.zz;
alter sequence q owned by nosuch.a;
alter sequence q owned by s2.nosuch.a;
alter sequence q owned by s2.u.x;
alter sequence q owned by t;
alter sequence q owned by q2.last_value;
alter sequence q owned by mv.m;
alter sequence t_c_seq owned by t.a;
alter sequence t_c_seq owned by none;
alter sequence t_c_seq owned by nosuch.a;
alter sequence q owned by t.a;
\d q
begin;
alter sequence q owned by none;
\d q
rollback;
\d q
alter sequence t_b_seq owned by none;
\d t_b_seq
drop sequence t_b_seq;
alter sequence t_b_seq owned by t.b;
\d t_b_seq
alter sequence t_b_seq owned by none;
alter table t drop column a;
\d t_b_seq
create table w (a int, b int);
create sequence q3 owned by w.a;
create sequence q4 owned by w.b;
begin;
alter table w drop column a;
\d q3
rollback;
\d q3
alter table w drop column a;
\d q3
\d q4
alter sequence q2 owned by w.b;
begin;
drop table w;
\d q2
rollback;
\d q2
drop table w;
\d q2
\d q4
drop view v;
drop table t;
\d t_b_seq
\d t_c_seq
drop sequence t_b_seq;
create table z (a serial);
alter sequence z_a_seq owned by none;
alter sequence z_a_seq owned by z.a;
drop table z;
\d z_a_seq

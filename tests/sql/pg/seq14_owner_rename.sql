create table rt (a serial, b int);
create sequence rq owned by rt.b;
alter table rt rename to rt2;
\d rt_a_seq
alter table rt2 rename column b to c;
\d rq
begin;
alter table rt2 rename to rt3;
\d rq
rollback;
\d rq
alter table rt2 drop column c;
\d rq
drop table rt2;
\d rt_a_seq

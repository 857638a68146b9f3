-- Whole-row references Sunstone refuses (0A000) rather than answer differently from
-- PostgreSQL: the row of the NULL-extended side of an outer join, which PostgreSQL makes a NULL
-- record for a missing row (IS NULL tests of it, and the preserved side, work).
create table wa (a int, b text);
create table wb (a int, c int);
insert into wa values (1,'x'),(2,'y');
insert into wb values (1,10);
select wa, wb is null from wa left join wb on wa.a = wb.a order by 1;
select wb from wa left join wb on wa.a=wb.a;
select to_json(wb) from wa left join wb on wa.a=wb.a;
select wb from wa full join wb on wa.a=wb.a;
select wa from wa right join wb on wa.a=wb.a;
select wb from wa right join wb on wa.a=wb.a;
drop table wa, wb;

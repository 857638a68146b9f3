select 3 between symmetric 5 and 1, 3 not between symmetric 5 and 1, 6 between symmetric 5 and 1, null between symmetric 1 and 2, 1 between symmetric null and 1;
select 0 not between symmetric 5 and 1, 'b' between symmetric 'c' and 'a', 2.5 between symmetric 3 and 2;
create table bt (x int); insert into bt values (1),(3),(5),(7),(null);
select x from bt where x between symmetric 6 and 2 order by x;
select x from bt where x not between symmetric 6 and 2 order by x;
create view bv as select x from bt where x between symmetric 6 and 2 and x not between symmetric 1 and 1;
select pg_get_viewdef('bv');
select * from bv;
select 1 between symmetric 'a' and 2;

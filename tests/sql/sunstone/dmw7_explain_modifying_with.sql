-- EXPLAIN of data-modifying WITH queries: after the top line, each as PostgreSQL lists it,
-- "CTE name" over "Insert / Update / Delete on t" over its query's plan; ANALYZE is 0A000
create table u(id int primary key, v int);
explain (costs off) with d as (delete from u where id = 5 returning *), e as (insert into u values (1000,1)) select * from d;
explain (costs off) with d as (delete from u where id = 5 returning *) update u set v = 1 from d where d.id = u.id;
explain (costs off) with d as (update u set v = 2 where v > 3 returning *) select count(*) from d;
explain analyze with d as (update u set v = 2 where v > 3 returning *) select count(*) from d;

-- DISTINCT in json_object_agg / jsonb_object_agg (over the (key, value) pair), json_agg /
-- jsonb_agg of whole rows and row values, array_agg / count / string_agg over rows
create table agd(g int, x float8, y int, s text, n numeric);
insert into agd values (1,1,1,'a',1.0),(1,2,2,'b',2),(1,3,2,'a',1.00),(2,10,3,'c',3),(2,20,3,'c',3.0),
  (3,null,null,null,null),(4,5,1,'z',5),(1,3,2,'a',1.00),(2,20,3,'c',3.0);
select json_object_agg(distinct s, y) from agd;
select json_object_agg(distinct s, y) from agd where s is not null;
select jsonb_object_agg(distinct s, y) from agd where s is not null;
select json_object_agg(distinct s, x) from agd where s is not null;
-- numeric equality: 1.0 and 1.00 are one value (which of them is kept depends on the sort)
select length(json_object_agg(distinct s, n)::text) > 0 as one_each, count(distinct (s, n)) from agd where s is not null;
select json_object_agg(distinct y, s) from agd where y is not null;
select json_object_agg(distinct s, y order by s) from agd where s is not null;
select json_object_agg(distinct s, y order by y) from agd where s is not null;
select json_object_agg(distinct s, y order by y desc, s) from agd where s is not null;
select json_object_agg(distinct s, y) filter (where y > 1) from agd;
select g, jsonb_object_agg(distinct s, y), json_object_agg(distinct s, y) from agd where s is not null group by g order by g;
select json_object_agg(distinct s, null) from agd where s is not null;
select json_object_agg(distinct 'k'::text, x order by x) from agd;
select json_object_agg(distinct s, y order by x) from agd where s is not null;
select json_object_agg(distinct s, y::json) from agd where s is not null;
select json_object_agg(distinct s::json, y) from agd where s is not null;
-- whole rows and row values
select json_agg(distinct agd) from agd;
select jsonb_agg(distinct agd) from agd;
select json_agg(distinct agd order by agd desc) from agd;
select json_agg(distinct agd order by y) from agd;
select g, json_agg(distinct agd) from agd group by g order by g;
select json_agg(distinct (y, s)) from agd;
select jsonb_agg(distinct (y, s)) from agd;
select json_agg(distinct row(y, s) order by row(y, s) desc) from agd;
select array_agg(distinct agd) from agd;
select array_agg(distinct (y, s)) from agd;
select count(distinct (y, s)), count(distinct agd), count(distinct (s, n)) from agd;
select g, count(distinct (y, s)) from agd group by g order by g;
select string_agg(distinct s, ',') from agd;
select string_agg(distinct s, ',' order by s desc) from agd;
select string_agg(distinct s, ',' order by y) from agd;
select string_agg(distinct s, ',' || y) from agd;
select array_agg(distinct y order by y desc) from agd;
select array_agg(distinct y order by s) from agd;

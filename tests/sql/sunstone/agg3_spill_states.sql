-- hash aggregation beyond work_mem: when every call joins partial states with combine
-- (count, sum of smallint / integer, min / max of fixed-width types, bool_*), the groups' partial
-- states are spilled and combined (EXPLAIN ANALYZE counts them); otherwise the rows are
-- spilled and each group is aggregated again (answers: tests/sql/pg/agg3_spill_combine.sql)
create table agss as select i % 5000 as k, i as a, (i % 7)::numeric as n from generate_series(1, 40000) i;
set work_mem = '64kB';
explain (analyze, costs off, timing off, summary off)
  select k, count(*), sum(a), min(a), max(a), bool_and(a > 0), bool_or(a < 0), every(a < 10) from agss group by k;
select count(*), sum(c), sum(s), sum(mi), sum(ma), count(*) filter (where b) from (
  select k, count(*) c, sum(a) s, min(a) mi, max(a) ma, bool_and(a > 0) b from agss group by k) x;
-- a call without flat states (numeric sums, and avg of integers, own theirs): the rows are spilled
explain (analyze, costs off, timing off, summary off) select k, count(*), sum(n) from agss group by k;
select count(*), sum(c), sum(s) from (select k, count(*) c, sum(n) s from agss group by k) x;
-- DISTINCT and ORDER BY in a call: rows
explain (analyze, costs off, timing off, summary off) select k, count(distinct a) from agss group by k;
reset work_mem;
select count(*), sum(c), sum(s), sum(mi), sum(ma), count(*) filter (where b) from (
  select k, count(*) c, sum(a) s, min(a) mi, max(a) ma, bool_and(a > 0) b from agss group by k) x;

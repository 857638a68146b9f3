-- hash aggregation beyond work_mem: the same answers with and without spilling, for the
-- built-in aggregates that join partial states with combine (count, sum of smallint / integer,
-- min / max of fixed-width types, bool_and / bool_or / every: agsc_fixed) and for those whose
-- groups are aggregated again from their spilled rows (sum of bigint and avg of integers, with
-- numeric running sums, numeric, float, text, stddev family, string_agg, array_agg, json_agg)
create table agsc as
  select i, i % 5000 as k, (i % 7)::int2 as a2, (i * 31 % 1000)::int4 as a4, (i::int8 * 1000003) as a8,
         (i % 97)::numeric / 4 as an, (i % 13)::float4 / 2 as af4, (i % 101)::float8 / 4 as af8,
         'v' || (i * 17 % 211) as t, (date '2020-01-01' + i % 400) as d, (i % 3 = 0) as bo
  from generate_series(1, 40000) i;
create view agsc_fixed as
  select k, count(*) c, count(a2) c2, sum(a2) s2, sum(a4) s4, min(a4) mi4, max(a8) ma8, min(d) mid, max(d) mad, min(a2) filter (where a2 > 3) mib, bool_and(bo) ba,
         bool_or(bo) bor, every(a2 < 6) ev, count(*) filter (where bo) cf
  from agsc group by k;
create view agsc_rows as
  select k, sum(a8) s8, avg(a2) v2, avg(a4) v4, avg(a8) v8, sum(an) sn, avg(an) vn, sum(af4) sf4, sum(af8) sf8, avg(af8) vf8, min(t) mit, max(t) mat,
         stddev(a4) sd4, variance(an) van, string_agg(t, ',' order by i) sa, array_agg(a4 order by i) aa, json_agg(a2 order by i) ja
  from agsc group by k;
create view agsc_fixed_sum as
  select count(*) n, sum(c) c, sum(c2) c2, sum(s2) s2, sum(s4) s4, sum(mi4) mi4, sum(ma8) ma8, max(mid) mid, min(mad) mad, sum(mib) mib,
         count(*) filter (where ba) ba, count(*) filter (where bor) bor, count(*) filter (where ev) ev, sum(cf) cf,
         md5(string_agg(concat_ws('|', k, c, s4, mi4, ma8, mid, mad, mib, ba, bor, ev, cf), ',' order by k)) digest
  from agsc_fixed;
create view agsc_rows_sum as
  select count(*) n, sum(s8) s8, sum(v2) v2, sum(v4) v4, sum(v8) v8, sum(sn) sn, sum(vn) vn, sum(sf4) sf4, sum(sf8) sf8, sum(vf8) vf8, max(mit) mit, min(mat) mat,
         sum(sd4) sd4, sum(van) van,
         md5(string_agg(k || sa, ',' order by k)) sa, md5(string_agg(k || aa::text, ',' order by k)) aa,
         md5(string_agg(k || ja::text, ',' order by k)) ja
  from agsc_rows;
select * from agsc_fixed_sum;
select * from agsc_rows_sum;
set work_mem = '64kB';
select * from agsc_fixed_sum;
select * from agsc_rows_sum;
-- grouped by several keys, and HAVING over the combined states
select count(*), sum(c), sum(s) from (
  select a2, k % 1000 as kk, count(*) c, sum(a4) s from agsc group by a2, k % 1000 having max(a8) > 0) x;
select count(*) from (select k, count(*) from agsc group by k having count(*) = 8) x;
-- NULL keys among the spilled partial states
select count(*), sum(c), md5(string_agg(concat_ws(':', kn, a2, c, s), ',' order by kn nulls first, a2)) from (
  select nullif(k % 700, 3) kn, a2, count(*) c, sum(a4) s from agsc group by nullif(k % 700, 3), a2) x;
reset work_mem;
select count(*), sum(c), md5(string_agg(concat_ws(':', kn, a2, c, s), ',' order by kn nulls first, a2)) from (
  select nullif(k % 700, 3) kn, a2, count(*) c, sum(a4) s from agsc group by nullif(k % 700, 3), a2) x;
select count(*), sum(c), sum(s) from (
  select a2, k % 1000 as kk, count(*) c, sum(a4) s from agsc group by a2, k % 1000 having max(a8) > 0) x;

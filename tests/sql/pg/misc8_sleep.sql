-- pg_sleep and friends return void (cancellation is tests/cli/cancel_test.sh's)
select pg_sleep(0.01);
select pg_typeof(pg_sleep(0)), pg_sleep(0)::text = '', pg_sleep(null) is null;
select pg_sleep_for('10 ms'), pg_sleep_until(now() - interval '1 hour');
select pg_sleep(-1), pg_sleep('nan'), pg_sleep_for('-1 day'), pg_sleep_until('-infinity');
select pg_sleep_for(null) is null, pg_sleep_until(null) is null;
select x, pg_sleep(0.001) from generate_series(1, 3) x;
select s::text, clock_timestamp() - statement_timestamp() >= interval '20 ms' from (select pg_sleep(0.02) s) x;
create table misc8_ts as select pg_sleep(0);
select pg_sleep(0) = pg_sleep(0);
select pg_sleep(0) from generate_series(1,2) order by 1;
select distinct pg_sleep(0);
select 'x'::void, pg_typeof(''::void);
select pg_sleep('abc');
select pg_sleep(1, 2);
create table misc8_tv (v void);

/* peer_fixture.h — builds the peer benchmark's data identically in any engine: the 1M-row
 * table t(a, b, c, d) and the 200-row customers table, and times a
 * prepared-INSERT load. */
#ifndef SUNSTONE_BENCH_PEER_FIXTURE_H
#define SUNSTONE_BENCH_PEER_FIXTURE_H

#include <stdbool.h>

#include "peer_engine.h"

/* CREATE TABLE name (a int, b int, c float8, d int) with rows rows: a = 0..rows-1,
 * b = a % 1000, c = (a % 1000) as float8, d = a % 100, built by INSERT ... SELECT doubling
 * (one seed row, then the table inserts its own shifted copy until it has rows rows), inside
 * one transaction where the engine has them.  Returns the nanoseconds taken, or -1. */
double fixture_build_t_doubling(const peer_engine *e, void *db, const char *name, long rows);

/* The same table and values, loaded one row at a time through a prepared
 * INSERT INTO name VALUES ($1, $2, $3, $4) with bound parameters (inside one transaction
 * where the engine has them).  Returns the nanoseconds taken, or -1. */
double fixture_build_t_prepared(const peer_engine *e, void *db, const char *name, long rows);

/* CREATE TABLE name (id int [PRIMARY KEY], name text, age int, region text) with rows rows:
 * (i, 'Customer_i', 18 + i % 62, East/West/North/South/Central by
 * i % 5) for i = 1..rows.  primary_key needs e->has_primary_keys.  0, or -1 on error. */
int fixture_build_customers(const peer_engine *e, void *db, const char *name, int rows, bool primary_key);

#endif

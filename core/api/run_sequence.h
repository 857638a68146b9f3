/* run_sequence.h — running CREATE SEQUENCE and DROP SEQUENCE, and what CREATE TABLE adds to
 * its new table (defaults, identity, CHECK constraints and their sequences). */
#ifndef SS_API_RUN_SEQUENCE_H
#define SS_API_RUN_SEQUENCE_H

#include "api/statement.h"

int ss_run_create_sequence(sunstone_stmt *st);
int ss_run_drop_sequence(sunstone_stmt *st);
/* ALTER SEQUENCE [IF EXISTS] name options (not transactional: refused in a block). */
int ss_run_alter_sequence(sunstone_stmt *st);
/* After CREATE TABLE made table t: its constraints kept and its sequences created. */
int ss_run_table_constraints(sunstone_stmt *st, ss_table *t);

#endif

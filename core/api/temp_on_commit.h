/* temp_on_commit.h — temporary tables ON COMMIT DELETE ROWS and ON COMMIT DROP
 * (temp_on_commit.c). */
#ifndef SS_API_TEMP_ON_COMMIT_H
#define SS_API_TEMP_ON_COMMIT_H

#include <stdbool.h>

struct sunstone;

/* A transaction of db ended (commit: committed): the actions are due after it. */
void ss_temp_on_commit_txn_end(struct sunstone *db, bool commit);
/* Runs the due actions; called by the entry points once the database lock is released. */
void ss_temp_on_commit_run(struct sunstone *db);

#endif

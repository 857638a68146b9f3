/* db_lock.c — the database lock that makes sessions on several threads safe (sunstone.h,
 * "Threads"): every API call that reads what the sessions share (catalog, registry, other
 * sessions' parked trees) holds it shared for the length of the call; a call that changes
 * that state (DDL, LOAD, opening and closing a session) holds it exclusive.  The lock is
 * never held between calls, so a statement stopped between two steps blocks nobody; DROP of
 * a table it scans is refused by the table's active_scans count instead. */
#include "api/database.h"

int ss_db_lock_init(ss_database *d)
{
    /* glibc's default kind prefers readers: a reader never waits behind a waiting writer,
       so shared holders that wait for each other (row locks) cannot be stalled by DDL */
    return pthread_rwlock_init(&d->lock, NULL) == 0 ? SS_OK : SS_ERROR;
}

void ss_db_lock_destroy(ss_database *d)
{
    pthread_rwlock_destroy(&d->lock);
}

void ss_db_lock_shared(ss_database *d)
{
    pthread_rwlock_rdlock(&d->lock);
}

void ss_db_lock_exclusive(ss_database *d)
{
    pthread_rwlock_wrlock(&d->lock);
}

void ss_db_unlock(ss_database *d)
{
    pthread_rwlock_unlock(&d->lock);
}

bool ss_stmt_kind_changes_database(ast_stmt_kind k)
{
    switch (k) {
    case AST_SELECT:
    case AST_INSERT:
    case AST_SHOW:
    case AST_EXPLAIN:
    case AST_TRANSACTION:
    case AST_COPY:
    case AST_PREPARE:
    case AST_DEALLOCATE:
    case AST_EXECUTE:
    case AST_SET:
    case AST_RESET:
        return false;
    default:
        return true;
    }
}

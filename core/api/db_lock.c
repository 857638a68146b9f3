/* db_lock.c — the database lock that makes sessions on several threads safe (sunstone.h,
 * "Threads"): every API call that reads what the sessions share (catalog, registry, other
 * sessions' parked trees) holds it shared for the length of the call; a call that changes
 * that state (DDL, LOAD, opening and closing a session) holds it exclusive.  The lock is
 * never held between calls, so a statement stopped between two steps blocks nobody; DROP of
 * a table it scans is refused by the table's active_scans count instead. */
#include "api/database.h"
#include "txn/txn_manager.h"
#include "util/tls.h"

/* The database lock this thread holds (a session's call runs on one thread): how, and how
   many times, so that a wait for another transaction can let go of it (wait_suspend) and a
   session waiting for a row or table lock never blocks the holder's next statement (DDL
   takes the lock exclusive). */
static SS_TLS ss_database *held_db;
static SS_TLS bool held_exclusive;
static SS_TLS uint32_t held_depth, suspended_depth;

static void wait_suspend(void)
{
    if (!held_db || !held_depth)
        return;
    suspended_depth = held_depth;
    for (uint32_t i = 0; i < suspended_depth; i++)
        pthread_rwlock_unlock(&held_db->lock);
}

static void wait_resume(void)
{
    if (!held_db || !suspended_depth)
        return;
    for (uint32_t i = 0; i < suspended_depth; i++)
        if (held_exclusive)
            pthread_rwlock_wrlock(&held_db->lock);
        else
            pthread_rwlock_rdlock(&held_db->lock);
    suspended_depth = 0;
}

static pthread_once_t hooks_once = PTHREAD_ONCE_INIT;

static void install_hooks(void)
{
    ss_txn_wait_set_hooks(wait_suspend, wait_resume);
}

int ss_db_lock_init(ss_database *d)
{
    pthread_once(&hooks_once, install_hooks);
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
    if (!held_depth++) {
        held_db = d;
        held_exclusive = false;
    }
}

void ss_db_lock_exclusive(ss_database *d)
{
    pthread_rwlock_wrlock(&d->lock);
    if (!held_depth++) {
        held_db = d;
        held_exclusive = true;
    }
}

void ss_db_unlock(ss_database *d)
{
    pthread_rwlock_unlock(&d->lock);
    if (held_depth && !--held_depth)
        held_db = NULL;
}

bool ss_stmt_kind_changes_database(ast_stmt_kind k)
{
    switch (k) {
    case AST_SELECT:
    case AST_INSERT:
    case AST_UPDATE:
    case AST_DELETE:
    case AST_TRUNCATE:
    case AST_SHOW:
    case AST_EXPLAIN:
    case AST_TRANSACTION:
    case AST_COPY:
    case AST_PREPARE:
    case AST_DEALLOCATE:
    case AST_EXECUTE:
    case AST_SET:
    case AST_RESET:
    case AST_SET_CONSTRAINTS: /* the session's transaction only */
    case AST_DECLARE_CURSOR: /* (M) the session's own cursors */
    case AST_FETCH:
    case AST_CLOSE_CURSOR:
        return false;
    default:
        return true;
    }
}

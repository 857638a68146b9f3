/* database.h — the database handle behind the public `sunstone *`: registries, catalog,
 * settings and the last error. */
#ifndef SS_API_DATABASE_H
#define SS_API_DATABASE_H

#include <stdatomic.h>

#include "sunstone.h"
#include "catalog/catalog.h"
#include "catalog/settings.h"
#include "loader/registry.h"

struct sunstone {
    ss_registry registry;
    ss_catalog catalog;
    ss_settings settings;
    ss_error err;               /* last error reported to the API user */
    char *plugin_dir;
    void (*notice_cb)(void *arg, const char *severity, const char *msg);
    void *notice_arg;
    struct sunstone_stmt *parked;  /* statements holding a parked operator tree */
    uint32_t nstmts;               /* statements prepared and not yet finalized */
    atomic_int interrupted;        /* set by sunstone_interrupt (any thread, signal handler) */
    bool simple_query;             /* sunstone_exec is creating a statement: nothing can be bound */
};

/* Records the MISUSE error of an entry point called with a NULL or out-of-range argument
 * (SQLSTATE 22004 null_value_not_allowed, message "<function>: <what>") on db, if db is not NULL; returns SUNSTONE_MISUSE. */
int ss_api_misuse(struct sunstone *db, const char *function, const char *what);

/* Sends a NOTICE / a message of the given level to the handle's notice handler (if any),
 * unless client_min_messages is above its level. */
void ss_db_notice(struct sunstone *db, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ss_db_message(struct sunstone *db, ss_message_level level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif

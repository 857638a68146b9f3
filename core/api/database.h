/* database.h — the database handle behind the public `sunstone *`: registries, catalog,
 * settings and the last error. */
#ifndef SS_API_DATABASE_H
#define SS_API_DATABASE_H

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
    bool simple_query;          /* sunstone_exec is creating a statement: nothing can be bound */
};

/* Sends a NOTICE to the handle's notice handler (if any). */
void ss_db_notice(struct sunstone *db, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif

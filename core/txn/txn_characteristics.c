/* txn_characteristics.c — the running transaction's isolation level and access mode as the
 * transaction_isolation / transaction_read_only settings show them (SHOW, current_setting,
 * pg_settings): PostgreSQL's names, READ UNCOMMITTED named as such. */
#include <stddef.h>
#include <strings.h>

#include "txn/txn_session.h"

const char *ss_txn_isolation_text(const ss_txn_state *t)
{
    return t->isolation == SS_ISO_SERIALIZABLE      ? "serializable"
           : t->isolation == SS_ISO_REPEATABLE_READ ? "repeatable read"
           : t->uncommitted                         ? "read uncommitted"
                                                    : "read committed";
}

const char *ss_txn_setting_value(const ss_txn_state *t, const char *name)
{
    if (!t || !t->active)
        return NULL;
    if (strcasecmp(name, "transaction_isolation") == 0)
        return ss_txn_isolation_text(t);
    if (strcasecmp(name, "transaction_read_only") == 0)
        return t->read_only ? "on" : "off";
    return NULL;
}

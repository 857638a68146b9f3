/* index_keys.c — PRIMARY KEY and UNIQUE constraints of CREATE TABLE as the unique indexes
 * behind them (PostgreSQL's names: t_pkey, t_a_key, t_a_b_key, or the CONSTRAINT name),
 * made right after the table; a failure drops the new table, as PostgreSQL's rollback. */
#include <stdlib.h>
#include <string.h>

#include "catalog/namespace.h"
#include "index/index.h"

int ss_index_create_keys(ss_ctx *ctx, ss_catalog *c, const ss_registry *reg, const ast_stmt *st)
{
    /* the table just made, schema-qualified: its indexes are in its schema */
    ss_table *t = st->nkey_constraints ? ss_catalog_find(c, st->table) : NULL;
    char tref[SS_NS_REF_MAX];
    const char *table = t ? ss_ns_qualify(t->ns, t->name, tref, sizeof tref) : st->table;
    for (uint32_t i = 0; i < st->nkey_constraints; i++) {
        const ast_key_constraint *k = &st->key_constraints[i];
        char *name = k->name ? strdup(k->name)
                     : k->primary ? ss_index_choose_name(c, table, NULL, 0, "pkey")
                                  : ss_index_choose_name(c, table, k->columns, k->ncolumns, "key");
        ast_index_key *keys = calloc(k->ncolumns ? k->ncolumns : 1, sizeof *keys);
        if (!name || !keys) {
            free(name);
            free(keys);
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        for (uint32_t j = 0; j < k->ncolumns; j++)
            keys[j] = (ast_index_key){.column = k->columns[j], .location = -1};
        ast_stmt one = {.kind = AST_CREATE_INDEX, .str = name, .table = table, .index_keys = keys,
                        .nindex_keys = k->ncolumns, .index_unique = true};
        int rc = ss_index_run_create(ctx, c, reg, &one);
        char iref[SS_NS_REF_MAX];
        ss_index *ix = rc == SS_OK && t ? ss_index_find(c, ss_ns_qualify(t->ns, name, iref, sizeof iref)) : NULL;
        if (ix) {
            ix->constraint = true;
            ix->primary = k->primary;
            ix->deferrable = k->deferrable;
            ix->initdeferred = k->initdeferred;
        }
        free(name);
        free(keys);
        if (rc != SS_OK)
            return SS_ERROR;
    }
    return SS_OK;
}

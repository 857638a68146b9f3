/* rowtype_deps.c — the columns that use a relation's row type (rowtype_deps.h): found by the
 * row type's descriptor (types/record/record_desc.c: its schema and relation name), refused
 * or dropped as PostgreSQL's dependencies of a column on a composite type. */
#include "catalog/rowtype_deps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/alter_table.h"
#include "catalog/namespace.h"
#include "sql/ast.h"
#include "types/record/record.h"

static bool uses(ss_type t, const void *ns, const char *name)
{
    if (t.id != SS_TYPE_RECORD && t.id != SS_TYPE_RECORD_ARRAY)
        return false;
    const rec_desc *d = rec_desc_get(t.typmod);
    return d && d->name && d->scope == ns && strcmp(d->name, name) == 0;
}

int ss_rowtype_uses(ss_ctx *ctx, const ss_catalog *c, const void *ns, const char *name, ss_rowtype_use **out,
                    uint32_t *n)
{
    *out = NULL;
    *n = 0;
    uint32_t cap = 0;
    for (uint32_t i = 0; i < c->ntables; i++) {
        ss_table *t = c->tables[i];
        if (t->system || !ss_ddl_visible(&t->ddl))
            continue;
        for (uint32_t k = 0; k < t->ncols; k++) {
            if (!uses(t->types[k], ns, name))
                continue;
            if (*n == cap) {
                cap = cap ? cap * 2 : 4;
                ss_rowtype_use *g = realloc(*out, sizeof *g * cap);
                if (!g) {
                    free(*out);
                    *out = NULL, *n = 0;
                    return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                }
                *out = g;
            }
            ss_rowtype_use *u = &(*out)[(*n)++];
            u->table = t;
            u->array = t->types[k].id == SS_TYPE_RECORD_ARRAY;
            snprintf(u->column, sizeof u->column, "%s", t->cols[k].name);
        }
    }
    /* PostgreSQL's order: the columns of the array type (t[], made with t, so first), then
       the others, each in creation order */
    for (uint32_t i = 1; i < *n; i++) {
        ss_rowtype_use x = (*out)[i];
        uint32_t j = i;
        while (j > 0 && (!(*out)[j - 1].array && x.array ? true
                         : (*out)[j - 1].array == x.array && (*out)[j - 1].table->created > x.table->created)) {
            (*out)[j] = (*out)[j - 1];
            j--;
        }
        (*out)[j] = x;
    }
    return SS_OK;
}

const char *ss_rowtype_use_name(const ss_catalog *c, const ss_rowtype_use *u, char *buf, size_t bufsz)
{
    char tb[SS_NS_REF_MAX];
    const char *table = u->table->ns ? ss_ns_display(c, u->table->ns, u->table->name, tb, sizeof tb) : u->table->name;
    snprintf(buf, bufsz, "column %s of table %s", u->column, table);
    return buf;
}

int ss_rowtype_check_alter(ss_ctx *ctx, const ss_catalog *c, const ss_table *t, int kind)
{
    const char *what = kind == AST_ALTER_ADD_COLUMN      ? "ADD COLUMN"
                       : kind == AST_ALTER_DROP_COLUMN   ? "DROP COLUMN"
                       : kind == AST_ALTER_RENAME_COLUMN ? "RENAME COLUMN"
                       : kind == AST_ALTER_RENAME_TABLE  ? "RENAME"
                       : kind == AST_ALTER_COLUMN_TYPE   ? "ALTER COLUMN TYPE"
                                                         : NULL;
    if (!what)
        return SS_OK;
    ss_rowtype_use *u;
    uint32_t n;
    if (ss_rowtype_uses(ctx, c, t->ns, t->name, &u, &n))
        return SS_ERROR;
    if (n == 0)
        return SS_OK;
    char col[200];
    snprintf(col, sizeof col, "%s.%s", u[0].table->name, u[0].column);
    free(u);
    if (kind == AST_ALTER_COLUMN_TYPE) /* PostgreSQL's find_composite_type_dependencies */
        return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "cannot alter table \"%s\" because column \"%s\" uses its row type", t->name, col);
    return ss_ctx_error(ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                        "feature not supported: ALTER TABLE %s %s while column \"%s\" uses its row type", t->name,
                        what, col);
}

int ss_rowtype_drop_use(ss_ctx *ctx, ss_catalog *c, const ss_rowtype_use *u)
{
    char ref[SS_NS_REF_MAX];
    ss_ns_qualify(u->table->ns, u->table->name, ref, sizeof ref);
    ast_alter_cmd cmd;
    memset(&cmd, 0, sizeof cmd);
    cmd.kind = AST_ALTER_DROP_COLUMN;
    cmd.column = u->column;
    cmd.coldef = -1;
    ast_stmt st;
    memset(&st, 0, sizeof st);
    st.kind = AST_ALTER_TABLE;
    st.table = ref;
    st.nalter_cmds = 1;
    st.alter_cmds = &cmd;
    return ss_catalog_alter_table(ctx, c, &st);
}

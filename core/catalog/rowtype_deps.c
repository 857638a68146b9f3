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
#include "types/func_impl.h"
#include "types/record/record.h"
#include "util/strbuf.h"

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

/* Whether kind changes t's row type in a way ss_rowtype_follow carries to the using columns. */
static bool followed(int kind)
{
    return kind == AST_ALTER_ADD_COLUMN || kind == AST_ALTER_DROP_COLUMN || kind == AST_ALTER_RENAME_COLUMN;
}

/* Whether ADD COLUMN d would rewrite the relation (PostgreSQL's AT_REWRITE_DEFAULT_VAL: a
   default other than NULL, a serial or identity column). */
static bool add_rewrites(const ast_column_def *d)
{
    const char *ty = d->type.name ? d->type.name : "";
    bool serial = !strcmp(ty, "serial") || !strcmp(ty, "bigserial") || !strcmp(ty, "smallserial") ||
                  !strcmp(ty, "serial4") || !strcmp(ty, "serial8") || !strcmp(ty, "serial2");
    return serial || d->identity || (d->default_expr && d->default_expr->kind != AE_NULL);
}

int ss_rowtype_check_alter(ss_ctx *ctx, const ss_catalog *c, const ss_table *t, int kind, bool single,
                           const ast_column_def *added)
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
    bool ok = n == 0;
    bool rewrite = kind == AST_ALTER_ADD_COLUMN && added && add_rewrites(added);
    if (!ok && single && followed(kind) && !rewrite) { /* one level of columns: followed */
        ok = true;
        for (uint32_t i = 0; ok && i < n; i++) {
            ss_rowtype_use *inner;
            uint32_t m;
            if (ss_rowtype_uses(ctx, c, u[i].table->ns, u[i].table->name, &inner, &m)) {
                ok = false;
                break;
            }
            free(inner);
            ok = m == 0;
        }
    }
    if (ok || ss_ctx_error_pending(ctx)) {
        free(u);
        return ok ? SS_OK : SS_ERROR;
    }
    char col[200];
    snprintf(col, sizeof col, "%s.%s", u[0].table->name, u[0].column);
    free(u);
    if (kind == AST_ALTER_COLUMN_TYPE || rewrite) /* PostgreSQL's find_composite_type_dependencies */
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

/* name as an identifier of SQL text (quote_ident's quoting) into sb. */
static void quoted(ss_strbuf *sb, const char *name)
{
    ss_quote_ident_append(sb, name, strlen(name));
}

int ss_rowtype_follow(ss_ctx *ctx, ss_catalog *c, ss_table *t, int kind, uint32_t old_ncols,
                      const ss_column_def *old_cols)
{
    if (!followed(kind))
        return SS_OK;
    ss_rowtype_use *u;
    uint32_t n;
    if (ss_rowtype_uses(ctx, c, t->ns, t->name, &u, &n))
        return SS_ERROR;
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && i < n; i++) {
        /* ALTER TABLE q ALTER COLUMN x TYPE t[[]] USING "row type remap"(x, NULL::t, m1, ...):
           each field from the old one of its position (ADD, RENAME) or name (DROP), an
           added one NULL (-1); an array's items each so */
        ss_strbuf sql;
        ss_strbuf_init(&sql);
        ss_strbuf_puts(&sql, "ALTER TABLE ");
        quoted(&sql, ss_ns_name(u[i].table->ns));
        ss_strbuf_putc(&sql, '.');
        quoted(&sql, u[i].table->name);
        ss_strbuf_puts(&sql, " ALTER COLUMN ");
        quoted(&sql, u[i].column);
        ss_strbuf_puts(&sql, " TYPE ");
        quoted(&sql, t->name);
        ss_strbuf_puts(&sql, u[i].array ? "[] USING " : " USING ");
        quoted(&sql, REC_REMAP_FUNC);
        ss_strbuf_putc(&sql, '(');
        quoted(&sql, u[i].column);
        ss_strbuf_puts(&sql, ", NULL::");
        quoted(&sql, t->name);
        for (uint32_t j = 0; j < t->ncols; j++) {
            int from = -1;
            if (kind == AST_ALTER_DROP_COLUMN) {
                for (uint32_t k = 0; k < old_ncols && from < 0; k++)
                    if (strcmp(old_cols[k].name, t->cols[j].name) == 0)
                        from = (int)k;
            } else if (j < old_ncols)
                from = (int)j;
            ss_strbuf_printf(&sql, ", %d", from);
        }
        ss_strbuf_putc(&sql, ')');
        ast_stmt **stmts;
        uint32_t nst;
        ast_parse_error perr;
        if (sql.oom)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        else if (ss_parse(ctx->arena, sql.data, &stmts, &nst, &perr) != 0 || nst != 1)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "could not follow the row type of %s", t->name);
        else
            rc = ss_catalog_alter_table(ctx, c, stmts[0]);
        ss_strbuf_free(&sql);
    }
    free(u);
    return rc;
}

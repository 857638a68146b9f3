/* fkey_catalog.c — the foreign keys a referencing table keeps: freeing, removing one, finding
 * those that reference a table, and their text as pg_get_constraintdef and psql's \d
 * footers ("Foreign-key constraints:", "Referenced by:") print it. */
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog_txn.h"
#include "catalog/namespace.h"
#include "fkey/fkey.h"
#include "util/strbuf.h"

void ss_fkey_free(ss_fkey *fk)
{
    if (!fk)
        return;
    free(fk->name);
    free(fk->cols);
    free(fk->ref_cols);
    free(fk->del_set);
    free(fk);
}

void ss_fkey_free_table(ss_table *t)
{
    ss_table_fkeys *l = t->fkeys;
    if (!l)
        return;
    for (uint32_t i = 0; i < l->n; i++)
        ss_fkey_free(l->list[i]);
    free(l->list);
    free(l);
    t->fkeys = NULL;
}

void ss_fkey_remove(ss_fkey *fk)
{
    ss_table_fkeys *l = fk->table->fkeys;
    for (uint32_t i = 0; l && i < l->n; i++)
        if (l->list[i] == fk) {
            memmove(&l->list[i], &l->list[i + 1], sizeof *l->list * (l->n - i - 1));
            l->n--;
            break;
        }
    ss_fkey_free(fk);
}

/* A foreign key taken off its table's list by DROP ... CASCADE of its referenced table,
   until the transaction ends. */
typedef struct fkey_dropped {
    ss_fkey *fk;
    ss_table *table;
    uint32_t pos;
} fkey_dropped;

/* Puts d's foreign key back at its place (a list that cannot grow keeps it off). */
static void reattach(fkey_dropped *d)
{
    ss_table_fkeys *l = d->table->fkeys;
    if (!l)
        return;
    if (l->n == l->cap) {
        ss_fkey **grown = realloc(l->list, sizeof *grown * (l->cap + 4));
        if (!grown)
            return;
        l->list = grown;
        l->cap += 4;
    }
    uint32_t at = d->pos <= l->n ? d->pos : l->n;
    memmove(&l->list[at + 1], &l->list[at], sizeof *l->list * (l->n - at));
    l->list[at] = d->fk;
    l->n++;
}

static void dropped_undo(void *arg)
{
    reattach(arg);
    free(arg);
}

static void dropped_commit(void *arg)
{
    ss_fkey_free(((fkey_dropped *)arg)->fk);
    free(arg);
}

int ss_fkey_drop_logged(ss_ctx *ctx, ss_fkey *fk)
{
    fkey_dropped *d = malloc(sizeof *d);
    if (!d)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    *d = (fkey_dropped){fk, fk->table, 0};
    ss_table_fkeys *l = fk->table->fkeys;
    for (uint32_t i = 0; l && i < l->n; i++)
        if (l->list[i] == fk) {
            memmove(&l->list[i], &l->list[i + 1], sizeof *l->list * (l->n - i - 1));
            l->n--;
            d->pos = i;
            break;
        }
    bool logged;
    if (ss_ddl_log_callback(ctx, fk->table, dropped_undo, dropped_commit, d, &logged)) {
        dropped_undo(d);
        return SS_ERROR;
    }
    if (!logged) /* no transaction: final now */
        dropped_commit(d);
    return SS_OK;
}

bool ss_fkey_table_has(const ss_table *t)
{
    return t->fkeys && t->fkeys->n > 0;
}

ss_fkey **ss_fkey_referencing(const ss_catalog *c, const ss_table *ref, bool include_self, uint32_t *n)
{
    ss_fkey **out = NULL;
    uint32_t count = 0, cap = 0;
    *n = 0;
    for (uint32_t t = 0; t < c->ntables; t++) {
        const ss_table_fkeys *l = c->tables[t]->fkeys;
        if (!ss_ddl_visible(&c->tables[t]->ddl))
            continue; /* dropped by the reader's transaction, or not yet committed */
        for (uint32_t i = 0; l && i < l->n; i++) {
            ss_fkey *fk = l->list[i];
            if (fk->ref != ref || (!include_self && fk->table == ref))
                continue;
            if (count == cap) {
                uint32_t ncap = cap ? cap * 2 : 4;
                ss_fkey **grown = realloc(out, sizeof *grown * ncap);
                if (!grown) {
                    free(out);
                    return NULL;
                }
                out = grown;
                cap = ncap;
            }
            out[count++] = fk;
        }
    }
    *n = count;
    return out;
}

static const char *action_text(char a)
{
    switch (a) {
    case 'r': return "RESTRICT";
    case 'c': return "CASCADE";
    case 'n': return "SET NULL";
    case 'd': return "SET DEFAULT";
    default: return NULL;
    }
}

static void put_columns(ss_strbuf *sb, const ss_table *t, const uint32_t *cols, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        ss_strbuf_printf(sb, "%s%s", i ? ", " : "", t->cols[cols[i]].name);
}

/* How pg_get_constraintdef and regclass name table t: qualified when its schema is not on
   the search path (c NULL: bare). */
static const char *table_name(const ss_catalog *c, const ss_table *t, char *buf, size_t bufsz)
{
    return c && t->ns ? ss_ns_display(c, t->ns, t->name, buf, bufsz) : t->name;
}

static void put_definition(ss_strbuf *sb, const ss_catalog *c, const ss_fkey *fk)
{
    char buf[SS_NS_REF_MAX];
    ss_strbuf_puts(sb, "FOREIGN KEY (");
    put_columns(sb, fk->table, fk->cols, fk->ncols);
    ss_strbuf_printf(sb, ") REFERENCES %s(", table_name(c, fk->ref, buf, sizeof buf));
    put_columns(sb, fk->ref, fk->ref_cols, fk->ncols);
    ss_strbuf_putc(sb, ')');
    if (fk->match == 'f')
        ss_strbuf_puts(sb, " MATCH FULL");
    if (action_text(fk->on_update))
        ss_strbuf_printf(sb, " ON UPDATE %s", action_text(fk->on_update));
    if (action_text(fk->on_delete))
        ss_strbuf_printf(sb, " ON DELETE %s", action_text(fk->on_delete));
    if (fk->ndel_set) {
        ss_strbuf_puts(sb, " (");
        put_columns(sb, fk->table, fk->del_set, fk->ndel_set);
        ss_strbuf_putc(sb, ')');
    }
    if (fk->deferrable)
        ss_strbuf_puts(sb, " DEFERRABLE");
    if (fk->initdeferred)
        ss_strbuf_puts(sb, " INITIALLY DEFERRED");
    if (fk->not_valid)
        ss_strbuf_puts(sb, " NOT VALID");
}

static char *finish(ss_strbuf *sb)
{
    char *out = sb->oom || !sb->data ? NULL : strdup(sb->data);
    ss_strbuf_free(sb);
    return out;
}

char *ss_fkey_definition(const ss_catalog *c, const ss_fkey *fk)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    put_definition(&sb, c, fk);
    return finish(&sb);
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(ss_fkey *const *)a)->name, (*(ss_fkey *const *)b)->name);
}

/* lines for fks[0..n), sorted by constraint name as psql's queries order them */
static char *lines(const ss_catalog *c, ss_fkey **fks, uint32_t n, bool referenced)
{
    if (!n)
        return NULL;
    qsort(fks, n, sizeof *fks, by_name);
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    for (uint32_t i = 0; i < n; i++) {
        char buf[SS_NS_REF_MAX];
        if (referenced)
            ss_strbuf_printf(&sb, "TABLE \"%s\" CONSTRAINT \"%s\" ", table_name(c, fks[i]->table, buf, sizeof buf),
                             fks[i]->name);
        else
            ss_strbuf_printf(&sb, "\"%s\" ", fks[i]->name);
        put_definition(&sb, c, fks[i]);
        ss_strbuf_putc(&sb, '\n');
    }
    return finish(&sb);
}

char *ss_fkey_lines(const ss_catalog *c, const ss_table *t)
{
    if (!ss_fkey_table_has(t))
        return NULL;
    ss_fkey **copy = malloc(sizeof *copy * t->fkeys->n);
    if (!copy)
        return NULL;
    memcpy(copy, t->fkeys->list, sizeof *copy * t->fkeys->n);
    char *out = lines(c, copy, t->fkeys->n, false);
    free(copy);
    return out;
}

char *ss_fkey_referenced_lines(const ss_catalog *c, const ss_table *t)
{
    uint32_t n;
    ss_fkey **fks = ss_fkey_referencing(c, t, true, &n);
    char *out = lines(c, fks, n, true);
    free(fks);
    return out;
}

const ss_fkey_action_table *ss_fkey_action_find(const ss_fkey_actions *actions, const ss_table *table)
{
    for (uint32_t i = 0; actions && i < actions->n; i++)
        if (actions->list[i].table == table)
            return &actions->list[i];
    return NULL;
}

/* bind_create_like.c — CREATE TABLE t (LIKE source [INCLUDING | EXCLUDING ...], ...) as
 * PostgreSQL's transformTableLikeClause: the statement is written again with the source's
 * columns in place of each LIKE element (names, types and NOT NULL always; defaults,
 * generated expressions, identity with its sequence options, CHECK constraints and the
 * as the options say), parsed and bound as any CREATE TABLE; the catalog keeps that text.
 * INCLUDING INDEXES gives statements run after the table (ALTER TABLE ... ADD PRIMARY KEY /
 * UNIQUE, CREATE INDEX: their names chosen for the new table, as PostgreSQL's).
 * COMMENTS, COMPRESSION, STATISTICS and STORAGE copy nothing: Sunstone keeps none of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bind/bind_constraints.h"
#include "catalog/constraints.h"
#include "catalog/namespace.h"
#include "catalog/sequences.h"
#include "index/index.h"
#include "types/func_impl.h"
#include "types/typeio.h"
#include "util/strbuf.h"

/* A column default copied as its source shows it (\d's Default: PostgreSQL prints the same
 * expression), put on the new column once it is bound. */
typedef struct copied_default {
    const char *column;
    const char *text;
} copied_default;

typedef struct like_writer {
    binder *b;
    const ast_stmt *st;
    ss_strbuf pieces;        /* the elements replacing one LIKE, ", "-separated */
    copied_default *defaults;
    uint32_t ndefaults, cap_defaults;
    const char **indexes;    /* CREATE INDEX / ALTER TABLE ... ADD texts */
    /* the parts of the text written again that are the statement's own: an error's
       position in one is given in the statement submitted */
    struct { size_t at, orig, len; } *kept;
    uint32_t nkept;
    uint32_t nindexes, cap_indexes;
    bool oom;
} like_writer;

static void put_ident(ss_strbuf *sb, const char *name)
{
    ss_quote_ident_append(sb, name, strlen(name));
}

/* A reference ("rel" or "schema.rel") as identifiers. */
static void put_ref(ss_strbuf *sb, const char *ref)
{
    const char *dot = strchr(ref, '.');
    if (dot) {
        ss_quote_ident_append(sb, ref, (size_t)(dot - ref));
        ss_strbuf_putc(sb, '.');
        ref = dot + 1;
    }
    put_ident(sb, ref);
}

/* Room for one more element of *items (n of cap, each size bytes) in the binder's arena. */
static bool grow(like_writer *w, void **items, uint32_t n, uint32_t *cap, size_t size)
{
    if (n < *cap)
        return true;
    uint32_t more = *cap ? 2 * *cap : 8;
    void *l = bind_alloc(w->b, size * more);
    if (!l) {
        w->oom = true;
        return false;
    }
    if (n)
        memcpy(l, *items, size * n);
    *items = l;
    *cap = more;
    return true;
}

static void next_piece(like_writer *w)
{
    if (w->pieces.len)
        ss_strbuf_puts(&w->pieces, ", ");
}

static void note_default(like_writer *w, const char *column, const char *text)
{
    if (grow(w, (void **)&w->defaults, w->ndefaults, &w->cap_defaults, sizeof *w->defaults))
        w->defaults[w->ndefaults++] = (copied_default){column, text};
}

/* "generated always as (expr) stored" / "generated ... as identity" as \d shows them are
 * the clauses' own syntax. */
static void put_identity(like_writer *w, const ss_col_cons *cc)
{
    ss_strbuf *sb = &w->pieces;
    ss_strbuf_printf(sb, " GENERATED %s AS IDENTITY", cc->identity == 'a' ? "ALWAYS" : "BY DEFAULT");
    ss_sequence q;
    if (!cc->seq || !ss_seq_snapshot(w->b->catalog->sequences, cc->seq, &q))
        return;
    ss_strbuf_printf(sb, " (START WITH %lld INCREMENT BY %lld MINVALUE %lld MAXVALUE %lld CACHE %lld %sCYCLE)",
                     (long long)q.p.start, (long long)q.p.increment, (long long)q.p.min, (long long)q.p.max,
                     (long long)q.p.cache, q.p.cycle ? "" : "NO ");
}

/* nextval of a SERIAL's sequence, as a string Sunstone's nextval reads back to that name
 * (\d shows the source's text: 'seq'::regclass). */
static void put_nextval(ss_strbuf *sb, const char *seq)
{
    ss_strbuf ref;
    ss_strbuf_init(&ref);
    put_ref(&ref, seq);
    ss_strbuf_puts(sb, " DEFAULT nextval(");
    ss_quote_literal_append(sb, ref.data ? ref.data : "", ref.len);
    ss_strbuf_putc(sb, ')');
    if (ref.oom)
        sb->oom = true;
    ss_strbuf_free(&ref);
}

static void put_column(like_writer *w, const char *name, ss_type type, bool not_null, const ss_col_cons *cc,
                       uint32_t options)
{
    ss_strbuf *sb = &w->pieces;
    char tbuf[128];
    next_piece(w);
    put_ident(sb, name);
    ss_strbuf_putc(sb, ' ');
    ss_strbuf_puts(sb, ss_type_display_name(type, tbuf, sizeof tbuf));
    if (not_null)
        ss_strbuf_puts(sb, " NOT NULL");
    if (!cc)
        return;
    if (cc->generated) {
        if ((options & AST_LIKE_GENERATED) && cc->default_text) {
            ss_strbuf_putc(sb, ' ');
            ss_strbuf_puts(sb, cc->default_text);
        }
    } else if (cc->identity) {
        if (options & AST_LIKE_IDENTITY)
            put_identity(w, cc);
    } else if ((options & AST_LIKE_DEFAULTS) && (cc->has_default || cc->seq) && cc->default_text) {
        if (cc->seq)
            put_nextval(sb, cc->seq);
        else {
            ss_strbuf_puts(sb, " DEFAULT ");
            ss_strbuf_puts(sb, cc->default_text);
        }
        note_default(w, name, cc->default_text);
    }
}

/* The keys (an expression key as pg_get_indexdef prints it) and a partial index's WHERE;
   false when an expression cannot be printed. */
static bool put_key_columns(ss_strbuf *sb, const ss_index *ix)
{
    ss_strbuf_puts(sb, " (");
    for (uint32_t k = 0; k < ix->nkeys; k++) {
        if (k)
            ss_strbuf_puts(sb, ", ");
        if (ix->cols[k] == SS_INDEX_EXPR_KEY) {
            char *key = ss_index_key_sql(ix, k, false);
            if (!key)
                return false;
            ss_strbuf_puts(sb, key);
            free(key);
        } else {
            put_ident(sb, ix->table->cols[ix->cols[k]].name);
        }
        uint32_t f = ix->flags ? ix->flags[k] : 0;
        bool desc = f & SS_INDEX_DESC, nulls_first = f & SS_INDEX_NULLS_FIRST;
        if (desc)
            ss_strbuf_puts(sb, " DESC");
        if (nulls_first != desc) /* other than the direction's default */
            ss_strbuf_puts(sb, nulls_first ? " NULLS FIRST" : " NULLS LAST");
    }
    ss_strbuf_putc(sb, ')');
    if (ix->pred) {
        char *pred = ss_index_pred_sql(ix, false);
        if (!pred)
            return false;
        ss_strbuf_printf(sb, " WHERE %s", pred);
        free(pred);
    }
    return true;
}

/* INCLUDING INDEXES: after the table, as PostgreSQL's expandTableLikeClause (so never
 * merged with the statement's own keys): a constraint's index as ALTER TABLE ... ADD
 * PRIMARY KEY / UNIQUE, any other as CREATE INDEX, their names chosen for the new table. */
static int put_index(like_writer *w, const ss_index *ix)
{
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (ix->constraint) {
        ss_strbuf_puts(&sb, "ALTER TABLE ");
        put_ref(&sb, w->st->table);
        ss_strbuf_puts(&sb, ix->primary ? " ADD PRIMARY KEY" : " ADD UNIQUE");
    } else {
        ss_strbuf_puts(&sb, ix->unique ? "CREATE UNIQUE INDEX ON " : "CREATE INDEX ON ");
        put_ref(&sb, w->st->table);
        if (ix->am && strcmp(ix->am, "btree") != 0) {
            ss_strbuf_puts(&sb, " USING ");
            put_ident(&sb, ix->am);
        }
    }
    if (!put_key_columns(&sb, ix)) {
        ss_strbuf_free(&sb);
        return bind_error(w->b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                          "feature not supported: LIKE INCLUDING INDEXES of index \"%s\", whose expression "
                          "cannot be printed", ix->name);
    }
    const char *text = sb.oom ? NULL : ss_arena_strdup(w->b->arena, sb.data);
    ss_strbuf_free(&sb);
    if (!text) {
        w->oom = true;
        return SS_OK;
    }
    if (!grow(w, (void **)&w->indexes, w->nindexes, &w->cap_indexes, sizeof *w->indexes))
        return SS_OK;
    w->indexes[w->nindexes++] = text;
    return SS_OK;
}

/* The elements one LIKE stands for, into w->pieces. */
static int write_like(like_writer *w, const ast_table_like *l)
{
    binder *b = w->b;
    ss_table *t = ss_catalog_find(b->catalog, l->relation);
    const ss_view *v = t ? NULL : ss_catalog_find_view(b->catalog, l->relation);
    if (!t && !v) {
        char schema[SS_NS_REF_MAX];
        if (ss_ns_schema_part(l->relation, schema, sizeof schema) && !ss_ns_find(b->catalog, schema))
            return bind_error(b, l->location, "3F000", "schema \"%s\" does not exist", schema);
        if (ss_seq_exists(b->catalog->sequences, l->relation)) {
            bind_error(b, l->location, "42809", "relation \"%s\" is invalid in LIKE clause",
                       ss_ns_rel(l->relation));
            ss_ctx_error_detail(b->ctx, "This operation is not supported for sequences.");
            return SS_ERROR;
        }
        return bind_error(b, l->location, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist",
                          ss_ns_rel(l->relation));
    }
    if (v) {
        for (uint32_t c = 0; c < v->ncols; c++)
            put_column(w, v->col_names[c], v->types[c], false, NULL, l->options);
        return SS_OK;
    }
    const ss_table_cons *cons = t->cons;
    for (uint32_t c = 0; c < t->ncols; c++)
        put_column(w, t->cols[c].name, t->types[c], t->cols[c].not_null, cons ? &cons->cols[c] : NULL, l->options);
    if ((l->options & AST_LIKE_CONSTRAINTS) && cons)
        for (uint32_t k = 0; k < cons->nchecks; k++) {
            if (!cons->check_texts[k])
                return bind_error(b, l->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                  "feature not supported: LIKE INCLUDING CONSTRAINTS of check constraint \"%s\"",
                                  cons->check_names[k]);
            next_piece(w);
            ss_strbuf_puts(&w->pieces, "CONSTRAINT ");
            put_ident(&w->pieces, cons->check_names[k]);
            ss_strbuf_putc(&w->pieces, ' ');
            ss_strbuf_puts(&w->pieces, cons->check_texts[k]);
        }
    if ((l->options & AST_LIKE_INDEXES) && t->indexes)
        for (uint32_t i = 0; i < t->indexes->n; i++)
            if (ss_ddl_visible(&t->indexes->list[i]->ddl) && put_index(w, t->indexes->list[i]) != SS_OK)
                return SS_ERROR;
    return SS_OK;
}

/* The statement's text with each LIKE replaced by its elements (one that stands for none
 * takes a comma beside it away). */
static char *write_statement(like_writer *w)
{
    const ast_stmt *st = w->st;
    const char *text = st->view_sql;
    size_t len = strlen(text), at = 0;
    ss_strbuf out;
    ss_strbuf_init(&out);
    if (!(w->kept = bind_alloc(w->b, sizeof *w->kept * (st->nlikes + 1))))
        return NULL;
    for (uint32_t i = 0; i < st->nlikes; i++) {
        const ast_table_like *l = &st->likes[i];
        ss_strbuf_clear(&w->pieces);
        if (write_like(w, l)) {
            ss_strbuf_free(&out);
            return NULL;
        }
        size_t start = l->start, end = l->end;
        if (!w->pieces.len) {
            size_t j = end;
            while (j < len && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n' || text[j] == '\r'))
                j++;
            if (j < len && text[j] == ',')
                end = j + 1;
            else {
                size_t k = start;
                while (k > at && (text[k - 1] == ' ' || text[k - 1] == '\t' || text[k - 1] == '\n' || text[k - 1] == '\r'))
                    k--;
                if (k > at && text[k - 1] == ',')
                    start = k - 1;
            }
        }
        w->kept[w->nkept].at = out.len;
        w->kept[w->nkept].orig = at;
        w->kept[w->nkept++].len = start - at;
        ss_strbuf_append(&out, text + at, start - at);
        if (w->pieces.len)
            ss_strbuf_append(&out, w->pieces.data, w->pieces.len);
        at = end;
        if (w->pieces.oom)
            out.oom = true;
    }
    w->kept[w->nkept].at = out.len;
    w->kept[w->nkept].orig = at;
    w->kept[w->nkept++].len = len - at;
    ss_strbuf_append(&out, text + at, len - at);
    char *r = out.oom || w->oom ? NULL : ss_arena_strdup(w->b->arena, out.data ? out.data : "");
    ss_strbuf_free(&out);
    if (!r)
        bind_error(w->b, -1, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    return r;
}

/* An error's position (1-based, in bytes) in the text written again: where the statement
 * submitted has it, or none when the text there was written by LIKE. */
static void map_position(like_writer *w, int position)
{
    ss_error *e = w->b->ctx->err;
    e->position = 0;
    for (uint32_t i = 0; position > 0 && i < w->nkept; i++)
        if ((size_t)position - 1 >= w->kept[i].at && (size_t)position - 1 < w->kept[i].at + w->kept[i].len) {
            e->position = (int)((size_t)w->st->location + w->kept[i].orig + ((size_t)position - 1 - w->kept[i].at)) + 1;
            break;
        }
}

/* text parsed as one CREATE TABLE, CREATE INDEX or ALTER TABLE statement. */
static const ast_stmt *parse_written(like_writer *w, const char *text)
{
    binder *b = w->b;
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error perr;
    if (ss_parse(b->arena, text, &stmts, &n, &perr)) {
        bind_error(b, -1, perr.sqlstate[0] ? perr.sqlstate : SS_SQLSTATE_INTERNAL_ERROR, "%s", perr.message);
        if (perr.hint[0])
            ss_ctx_error_hint(b->ctx, "%s", perr.hint);
        map_position(w, perr.position_in_bytes ? perr.position : 0);
        return NULL;
    }
    if (n != 1 || stmts[0]->nlikes) {
        bind_error(b, -1, SS_SQLSTATE_INTERNAL_ERROR, "the columns of LIKE could not be written again");
        return NULL;
    }
    return stmts[0];
}

int bind_create_like(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    like_writer w;
    memset(&w, 0, sizeof w);
    w.b = b;
    w.st = st;
    ss_strbuf_init(&w.pieces);
    char *text = write_statement(&w);
    ss_strbuf_free(&w.pieces);
    if (!text)
        return SS_ERROR;
    const ast_stmt *full = parse_written(&w, text);
    if (!full)
        return SS_ERROR;
    if (bind_create(b, full, out)) {
        map_position(&w, b->ctx->err->position);
        return SS_ERROR;
    }
    w.nkept = 0; /* the statements after it are LIKE's alone */
    out->create_ast = full;
    /* \d shows a copied default as the source does */
    for (uint32_t i = 0; out->create_cons && i < w.ndefaults; i++)
        for (uint32_t c = 0; c < full->ncoldefs; c++)
            if (!strcmp(full->coldefs[c].name, w.defaults[i].column)) {
                if (!(out->create_cons->cols[c].default_text = ss_arena_strdup(b->arena, w.defaults[i].text)))
                    return bind_error(b, -1, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
                break;
            }
    if (w.nindexes) {
        if (!(out->like_indexes = bind_alloc(b, sizeof *out->like_indexes * w.nindexes)))
            return SS_ERROR;
        for (uint32_t i = 0; i < w.nindexes; i++)
            if (!(out->like_indexes[i] = parse_written(&w, w.indexes[i])))
                return SS_ERROR;
        out->nlike_indexes = w.nindexes;
    }
    return SS_OK;
}

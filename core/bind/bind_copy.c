/* bind_copy.c — binds COPY: the table (42P01; a view is 42809 as PostgreSQL refuses it) and
 * its column list (42703, 42701), or the query of COPY (query) TO, bound like a SELECT (COPY
 * t TO is SELECT cols FROM t); then PostgreSQL's ProcessCopyOptions: every option's value,
 * conflicts, the defaults of text and CSV and the checks between them, with its messages. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bind/binder_internal.h"
#include "catalog/constraints.h"
#include "catalog/namespace.h"
#include "catalog/catalog.h"
#include "copy/copy.h"
#include "bind/bind_constraints.h"

static int conflicting(binder *b, const ast_copy_option *o)
{
    return bind_error(b, o->location, SS_SQLSTATE_SYNTAX_ERROR, "conflicting or redundant options");
}

/* defGetString: the option's value as text. */
static int opt_string(binder *b, const ast_copy_option *o, const char **out)
{
    switch (o->arg) {
    case AST_COPY_ARG_STRING:
    case AST_COPY_ARG_NUMBER:
        *out = o->str;
        return SS_OK;
    case AST_COPY_ARG_BOOL:
        *out = o->bval ? "true" : "false";
        return SS_OK;
    case AST_COPY_ARG_STAR:
        *out = "*";
        return SS_OK;
    case AST_COPY_ARG_NONE:
        break;
    case AST_COPY_ARG_LIST:
        return bind_error(b, o->location, SS_SQLSTATE_SYNTAX_ERROR, "%s requires a parameter", o->name);
    }
    return bind_error(b, o->location, SS_SQLSTATE_SYNTAX_ERROR, "%s requires a parameter", o->name);
}

/* defGetBoolean (HEADER also takes MATCH: *match, when match is non-NULL). */
static int opt_bool(binder *b, const ast_copy_option *o, bool *out, bool *match)
{
    if (o->arg == AST_COPY_ARG_NONE) {
        *out = true;
        return SS_OK;
    }
    if (o->arg == AST_COPY_ARG_BOOL) {
        *out = o->bval;
        return SS_OK;
    }
    if (o->arg == AST_COPY_ARG_NUMBER) {
        if (!strcmp(o->str, "0") || !strcmp(o->str, "1")) {
            *out = o->str[0] == '1';
            return SS_OK;
        }
    } else if (o->arg == AST_COPY_ARG_STRING) {
        const char *s = o->str;
        if (!strcasecmp(s, "true") || !strcasecmp(s, "on")) {
            *out = true;
            return SS_OK;
        }
        if (!strcasecmp(s, "false") || !strcasecmp(s, "off")) {
            *out = false;
            return SS_OK;
        }
        if (match && !strcasecmp(s, "match")) {
            *out = *match = true;
            return SS_OK;
        }
    }
    if (match)
        return bind_error(b, -1, SS_SQLSTATE_SYNTAX_ERROR, "%s requires a Boolean value or \"match\"", o->name);
    return bind_error(b, -1, SS_SQLSTATE_SYNTAX_ERROR, "%s requires a Boolean value", o->name);
}

/* The copied column named name, or -1. */
static int copied_column(const ss_copy_bound *c, const char *name)
{
    for (uint32_t i = 0; i < c->ncols; i++)
        if (!strcmp(c->col_names[i], name))
            return (int)i;
    return -1;
}

/* FORCE_QUOTE / FORCE_NOT_NULL / FORCE_NULL (a column list) into a flag per copied column. */
static int force_list(binder *b, ss_copy_bound *c, const ast_copy_option *o, const char *what, bool **out)
{
    if (!(*out = bind_alloc(b, sizeof(bool) * (c->ncols ? c->ncols : 1))))
        return SS_ERROR;
    for (uint32_t i = 0; i < o->nnames; i++) {
        int k = copied_column(c, o->names[i]);
        bool in_table = false;
        for (uint32_t j = 0; c->table && j < c->table->ncols && !in_table; j++)
            in_table = !strcmp(c->table->cols[j].name, o->names[i]);
        if (k < 0 && c->table && !in_table)
            return bind_error(b, -1, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" of relation \"%s\" does not exist",
                              o->names[i], c->table->name);
        if (k < 0 && !c->table)
            return bind_error(b, -1, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" does not exist", o->names[i]);
        if (k < 0)
            return bind_error(b, -1, "42P10", "%s column \"%s\" not referenced by COPY", what, o->names[i]);
        (*out)[k] = true;
    }
    return SS_OK;
}

static bool utf8_name(const char *s)
{
    return !strcasecmp(s, "utf8") || !strcasecmp(s, "utf-8") || !strcasecmp(s, "unicode") ||
           !strcasecmp(s, "utf_8");
}

/* PostgreSQL's other server and client encodings (the names its pg_enc table gives them), which are refused. */
static bool known_encoding(const char *s)
{
    static const char *const names[] = {
        "sql_ascii", "euc_jp", "euc_cn", "euc_kr", "euc_tw", "euc_jis_2004", "mule_internal", "latin1",
        "latin2", "latin3", "latin4", "latin5", "latin6", "latin7", "latin8", "latin9", "latin10",
        "win1256", "win1258", "win866", "win874", "koi8r", "win1251", "win1252", "iso_8859_5",
        "iso_8859_6", "iso_8859_7", "iso_8859_8", "win1250", "win1253", "win1254", "win1255", "win1257",
        "koi8u", "sjis", "big5", "gbk", "uhc", "gb18030", "johab", "shift_jis_2004"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcasecmp(s, names[i]))
            return true;
    return false;
}

/* ProcessCopyOptions, in PostgreSQL's order. */
static int bind_copy_options(binder *b, const ast_copy *ac, ss_copy_bound *c)
{
    ss_copy_opts *o = &c->opts;
    bool format_seen = false, freeze_seen = false, header_seen = false, binary = false, encoding_seen = false;
    const char *delim = NULL, *null_str = NULL, *quote = NULL, *escape = NULL;
    const ast_copy_option *fq = NULL, *fnn = NULL, *fn = NULL;
    for (uint32_t i = 0; i < ac->noptions; i++) {
        const ast_copy_option *d = &ac->options[i];
        const char *s = NULL;
        if (!strcmp(d->name, "format")) {
            if (format_seen)
                return conflicting(b, d);
            format_seen = true;
            if (opt_string(b, d, &s))
                return SS_ERROR;
            if (!strcmp(s, "text"))
                ;
            else if (!strcmp(s, "csv"))
                o->csv = true;
            else if (!strcmp(s, "binary"))
                binary = true;
            else
                return bind_error(b, d->location, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                                  "COPY format \"%s\" not recognized", s);
        } else if (!strcmp(d->name, "freeze")) {
            bool v;
            if (freeze_seen)
                return conflicting(b, d);
            freeze_seen = true;
            if (opt_bool(b, d, &v, NULL))
                return SS_ERROR;
        } else if (!strcmp(d->name, "delimiter") || !strcmp(d->name, "null") || !strcmp(d->name, "quote") ||
                   !strcmp(d->name, "escape")) {
            const char **slot = d->name[0] == 'd' ? &delim : d->name[0] == 'n' ? &null_str
                                : d->name[0] == 'q'                            ? &quote
                                                                               : &escape;
            if (*slot)
                return conflicting(b, d);
            if (opt_string(b, d, slot))
                return SS_ERROR;
        } else if (!strcmp(d->name, "header")) {
            if (header_seen)
                return conflicting(b, d);
            header_seen = true;
            bool match = false;
            if (opt_bool(b, d, &o->header, &match))
                return SS_ERROR;
            if (match && !c->is_from)
                return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cannot use \"%s\" with HEADER in COPY TO",
                                  d->str);
            o->header_match = match;
        } else if (!strcmp(d->name, "force_quote") || !strcmp(d->name, "force_not_null") ||
                   !strcmp(d->name, "force_null")) {
            const ast_copy_option **slot = !strcmp(d->name, "force_quote")      ? &fq
                                           : !strcmp(d->name, "force_not_null") ? &fnn
                                                                                : &fn;
            if (*slot)
                return conflicting(b, d);
            if (d->arg != AST_COPY_ARG_LIST && !(slot == &fq && d->arg == AST_COPY_ARG_STAR))
                return bind_error(b, d->location, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                                  "argument to option \"%s\" must be a list of column names", d->name);
            *slot = d;
        } else if (!strcmp(d->name, "encoding")) {
            if (encoding_seen)
                return conflicting(b, d);
            encoding_seen = true;
            if (opt_string(b, d, &s))
                return SS_ERROR;
            if (!utf8_name(s)) {
                if (known_encoding(s))
                    return bind_error(b, d->location, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                                      "feature not supported: COPY ENCODING '%s' (only UTF8)", s);
                return bind_error(b, d->location, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                                  "argument to option \"%s\" must be a valid encoding name", d->name);
            }
        } else {
            return bind_error(b, d->location, SS_SQLSTATE_SYNTAX_ERROR, "option \"%s\" not recognized", d->name);
        }
    }
    if (binary && header_seen && o->header)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "cannot specify HEADER in BINARY mode");
    if (binary && delim)
        return bind_error(b, -1, SS_SQLSTATE_SYNTAX_ERROR, "cannot specify DELIMITER in BINARY mode");
    if (binary && null_str)
        return bind_error(b, -1, SS_SQLSTATE_SYNTAX_ERROR, "cannot specify NULL in BINARY mode");
    if (!delim)
        delim = o->csv ? "," : "\t";
    if (!null_str)
        null_str = o->csv ? "" : "\\N";
    if (o->csv) {
        if (!quote)
            quote = "\"";
        if (!escape)
            escape = quote;
    }
    if (strlen(delim) != 1)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "COPY delimiter must be a single one-byte character");
    if (strchr(delim, '\r') || strchr(delim, '\n'))
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "COPY delimiter cannot be newline or carriage return");
    if (strchr(null_str, '\r') || strchr(null_str, '\n'))
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                          "COPY null representation cannot use newline or carriage return");
    if (!o->csv && !binary && strchr("\\.abcdefghijklmnopqrstuvwxyz0123456789", delim[0]))
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "COPY delimiter cannot be \"%s\"", delim);
    if (!o->csv && quote)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "COPY quote available only in CSV mode");
    if (o->csv && strlen(quote) != 1)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "COPY quote must be a single one-byte character");
    if (o->csv && delim[0] == quote[0])
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE, "COPY delimiter and quote must be different");
    if (!o->csv && escape)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "COPY escape available only in CSV mode");
    if (o->csv && strlen(escape) != 1)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "COPY escape must be a single one-byte character");
    if (!o->csv && fq)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "COPY force quote available only in CSV mode");
    if (fq && c->is_from)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "COPY force quote only available using COPY TO");
    if (!o->csv && fnn)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "COPY force not null available only in CSV mode");
    if (fnn && !c->is_from)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "COPY force not null only available using COPY FROM");
    if (!o->csv && fn)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "COPY force null available only in CSV mode");
    if (fn && !c->is_from)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "COPY force null only available using COPY FROM");
    if (strchr(null_str, delim[0]))
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                          "COPY delimiter must not appear in the NULL specification");
    if (o->csv && strchr(null_str, quote[0]))
        return bind_error(b, -1, SS_SQLSTATE_INVALID_PARAMETER_VALUE,
                          "CSV quote character must not appear in the NULL specification");
    if (binary)
        return bind_error(b, -1, SS_SQLSTATE_FEATURE_NOT_SUPPORTED, "feature not supported: COPY FORMAT binary");
    o->delim = delim[0];
    o->null_str = null_str;
    o->null_len = strlen(null_str);
    o->quote = quote ? quote[0] : '"';
    o->escape = escape ? escape[0] : o->quote;
    if (fq) {
        if (fq->arg == AST_COPY_ARG_STAR)
            o->force_quote_all = true;
        else if (force_list(b, c, fq, "FORCE_QUOTE", &o->force_quote))
            return SS_ERROR;
    }
    if (fnn && force_list(b, c, fnn, "FORCE_NOT_NULL", &o->force_not_null))
        return SS_ERROR;
    if (fn && force_list(b, c, fn, "FORCE_NULL", &o->force_null))
        return SS_ERROR;
    return SS_OK;
}

/* The copied columns of table t: the list given (each once) or all of them. */
static int copy_columns(binder *b, const ast_stmt *st, const ss_table *t, ss_copy_bound *c)
{
    /* generated columns are never copied (PostgreSQL's CopyGetAttnums) */
    uint32_t ngen = 0;
    for (uint32_t k = 0; !st->ncolumns && t->cons && k < t->ncols; k++)
        ngen += t->cons->cols[k].generated;
    c->ncols = st->ncolumns ? st->ncolumns : t->ncols - ngen;
    uint32_t n = c->ncols ? c->ncols : 1;
    c->attnums = bind_alloc(b, sizeof(uint32_t) * n);
    c->col_names = bind_alloc(b, sizeof(char *) * n);
    c->col_types = bind_alloc(b, sizeof(ss_type) * n);
    if (!c->attnums || !c->col_names || !c->col_types)
        return SS_ERROR;
    for (uint32_t i = 0, next = 0; i < c->ncols; i++) {
        uint32_t k = next;
        while (!st->ncolumns && t->cons && t->cons->cols[k].generated)
            k++;
        next = k + 1;
        if (st->ncolumns) {
            for (k = 0; k < t->ncols && strcmp(t->cols[k].name, st->columns[i]); k++)
                ;
            if (k == t->ncols)
                return bind_error(b, -1, SS_SQLSTATE_UNDEFINED_COLUMN, "column \"%s\" of relation \"%s\" does not exist",
                                  st->columns[i], t->name);
            if (t->cons && t->cons->cols[k].generated) {
                bind_error(b, -1, "42P10", "column \"%s\" is a generated column", st->columns[i]);
                ss_ctx_error_detail(b->ctx, "Generated columns cannot be used in COPY.");
                return SS_ERROR;
            }
            for (uint32_t j = 0; j < i; j++)
                if (c->attnums[j] == k)
                    return bind_error(b, -1, "42701", "column \"%s\" specified more than once", st->columns[i]);
        }
        c->attnums[i] = k;
        c->col_names[i] = t->cols[k].name;
        c->col_types[i] = t->types[k];
    }
    return SS_OK;
}

/* COPY t TO as SELECT cols FROM t: the query whose rows are written. */
static int table_query(binder *b, const ss_copy_bound *c, ss_bound_stmt *out)
{
    ast_select *s = bind_alloc(b, sizeof *s);
    ast_from_item *f = bind_alloc(b, sizeof *f);
    ast_target *targets = bind_alloc(b, sizeof(ast_target) * (c->ncols ? c->ncols : 1));
    if (!s || !f || !targets)
        return SS_ERROR;
    /* the table bound above, schema-qualified (catalog/namespace.h) */
    char *ref = c->table ? bind_alloc(b, SS_NS_REF_MAX) : NULL;
    if (c->table && !ref)
        return SS_ERROR;
    f->table = c->table ? ss_ns_qualify(c->table->ns, c->table->name, ref, SS_NS_REF_MAX) : c->relname;
    f->location = -1;
    s->from = f;
    s->from_table = f->table;
    s->from_location = -1;
    for (uint32_t i = 0; i < c->ncols; i++) {
        ast_expr *e = bind_alloc(b, sizeof *e);
        const char **names = bind_alloc(b, sizeof(char *));
        if (!e || !names)
            return SS_ERROR;
        e->kind = AE_COLUMN;
        e->location = -1;
        names[0] = c->col_names[i];
        e->names = names;
        e->nnames = 1;
        targets[i].expr = e;
        targets[i].location = -1;
    }
    s->targets = targets;
    s->ntargets = c->ncols;
    return bind_select(b, s, out);
}

/* COPY FROM fills the columns it does not copy as INSERT does (defaults, sequences) and
 * checks the table's CHECK constraints on every row (out->checks). */
static int copy_from_constraints(binder *b, const ss_table *t, ss_copy_bound *c, ss_bound_stmt *out)
{
    if (!(c->defaults = bind_alloc(b, sizeof *c->defaults * (t->ncols ? t->ncols : 1))))
        return SS_ERROR;
    for (uint32_t col = 0; col < t->ncols; col++) {
        bool copied = false;
        for (uint32_t i = 0; i < c->ncols && !copied; i++)
            copied = c->attnums[i] == col;
        if (!copied && !(c->defaults[col] = bind_column_default(b, t, col)))
            return SS_ERROR;
    }
    return bind_insert_checks(b, t, out);
}

int bind_copy(binder *b, const ast_stmt *st, ss_bound_stmt *out)
{
    const ast_copy *ac = st->copy;
    ss_copy_bound *c = bind_alloc(b, sizeof *c);
    if (!c)
        return SS_ERROR;
    c->is_from = ac->is_from;
    c->filename = ac->filename;
    if (st->table) {
        ss_table *t;
        if (ss_catalog_find_waiting(b->ctx, b->catalog, st->table, &t)) /* an exclusive lock */
            return SS_ERROR;
        bool view = ss_catalog_find_view(b->catalog, st->table) || (t && t->system);
        if (!t && !view)
            return bind_error(b, -1, SS_SQLSTATE_UNDEFINED_TABLE, "relation \"%s\" does not exist", st->table);
        if (view && !ac->is_from) {
            bind_error(b, -1, "42809", "cannot copy from view \"%s\"", st->table);
            ss_ctx_error_hint(b->ctx, "Try the COPY (SELECT ...) TO variant.");
            return SS_ERROR;
        }
        if (view) { /* refused when the COPY runs, after its file opened, as PostgreSQL does */
            c->into_view = true;
            c->relname = st->table;
            if (bind_copy_options(b, ac, c))
                return SS_ERROR;
            out->kind = AST_COPY;
            out->copy = c;
            return SS_OK;
        }
        if (ss_is_matview(t) && ac->is_from)
            return bind_error(b, -1, "42809", "cannot copy to materialized view \"%s\"", t->name);
        if (ss_is_matview(t)) {
            bind_error(b, -1, "42809", "cannot copy from materialized view \"%s\"", t->name);
            ss_ctx_error_hint(b->ctx, "Try the COPY (SELECT ...) TO variant.");
            return SS_ERROR;
        }
        c->table = t;
        c->relname = t->name;
        if (copy_columns(b, st, t, c) || bind_copy_options(b, ac, c))
            return SS_ERROR;
        if (!ac->is_from && table_query(b, c, out))
            return SS_ERROR;
        if (ac->is_from && copy_from_constraints(b, t, c, out))
            return SS_ERROR;
    } else {
        if (bind_select(b, ac->query, out))
            return SS_ERROR;
        c->ncols = out->ncols;
        c->col_names = out->col_names;
        c->col_types = out->col_types;
        if (bind_copy_options(b, ac, c))
            return SS_ERROR;
    }
    out->kind = AST_COPY;
    out->ncols = 0; /* COPY returns no rows: its data goes to the file or the copy handler */
    out->copy = c;
    return SS_OK;
}

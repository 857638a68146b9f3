/* describe.c — the catalog meta-commands: \dt (and \d without argument) lists tables as psql's
 * "List of relations", \d TABLE shows a table's columns as psql's 'Table "public.t"', \dn
 * lists schemas and \dx plugins.  A pattern without a schema part, or none, sees the
 * relations the search path reaches (psql's pg_table_is_visible); "s.*" those of schema s.  The data comes from the kernel's system views; names are filtered with
 * psql patterns and sorted here, so the kernel only has to answer plain SELECTs. */
#include "describe.h"

#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "exec.h"
#include "pattern.h"
#include "printer.h"
#include "report.h"
#include "splitter.h"
#include "table.h"
#include "xalloc.h"

#define NO_COLUMN ((size_t)-1)

const char *describe_owner(void)
{
    const struct passwd *pw = getpwuid(geteuid()); /* psql's default role: the OS user's name */
    return pw && pw->pw_name && *pw->pw_name ? pw->pw_name : "sunstone";
}


/* Prints a listing with the shell's output options, except that, as psql's describe
   commands, it shows NULLs as empty and keeps its own title (\pset null and title are for
   query results). */
static void print_listing(shell *sh, const result_table *t)
{
    print_opts opt = sh->popt;
    opt.null_display = NULL;
    opt.title = NULL;
    print_table(sh->out, t, &opt);
}

/* Row indexes of src ordered by the text in column sort_schema (if any), then col (byte order). */
static const result_table *sort_table;
static size_t sort_col, sort_schema;

static int compare_rows(const void *a, const void *b)
{
    if (sort_schema != NO_COLUMN) {
        const char *x = table_cell(sort_table, *(const size_t *)a, sort_schema);
        const char *y = table_cell(sort_table, *(const size_t *)b, sort_schema);
        int c = strcmp(x ? x : "", y ? y : "");
        if (c)
            return c;
    }
    const char *x = table_cell(sort_table, *(const size_t *)a, sort_col);
    const char *y = table_cell(sort_table, *(const size_t *)b, sort_col);
    return strcmp(x ? x : "", y ? y : "");
}

static bool is_true(const char *v);

/* Indexes of the rows whose column col (and schema column schema_col, NO_COLUMN: none) match
 * pattern, sorted by schema and name; without a schema in the pattern only the rows whose
 * visible_col is true (NO_COLUMN: all).  Returns false (after reporting) for a malformed
 * pattern. */
static bool select_rows_in(shell *sh, const result_table *src, size_t col, size_t schema_col, size_t visible_col,
                           const char *pattern, size_t **rows, size_t *nrows)
{
    name_pattern pat;
    if (pattern) {
        buf err;
        buf_init(&err);
        if (!pattern_compile(pattern, &pat, &err)) {
            report_error(sh, "%s", err.data);
            buf_free(&err);
            return false;
        }
        buf_free(&err);
    }
    *rows = xcalloc(src->nrows ? src->nrows : 1, sizeof(size_t));
    *nrows = 0;
    for (size_t r = 0; r < src->nrows; r++) {
        const char *name = table_cell(src, r, col);
        if (!name)
            continue;
        const char *schema = schema_col != NO_COLUMN ? table_cell(src, r, schema_col) : NULL;
        if (pattern && !pattern_matches(&pat, schema ? schema : "", name))
            continue;
        if ((!pattern || !pat.has_schema) && visible_col != NO_COLUMN && !is_true(table_cell(src, r, visible_col)))
            continue;
        (*rows)[(*nrows)++] = r;
    }
    if (pattern)
        pattern_free(&pat);
    sort_table = src;
    sort_col = col;
    sort_schema = schema_col;
    qsort(*rows, *nrows, sizeof(size_t), compare_rows);
    return true;
}

static bool select_rows(shell *sh, const result_table *src, size_t col, const char *pattern, size_t **rows,
                        size_t *nrows)
{
    return select_rows_in(sh, src, col, NO_COLUMN, NO_COLUMN, pattern, rows, nrows);
}

static const char *cell_or_empty(const result_table *t, size_t row, size_t col)
{
    const char *v = table_cell(t, row, col);
    return v ? v : "";
}

static bool is_true(const char *v)
{
    return v && (strcmp(v, "t") == 0 || strcmp(v, "true") == 0 || strcmp(v, "1") == 0 ||
                 strcmp(v, "on") == 0 || strcmp(v, "yes") == 0);
}

/* psql's error when a listing matched nothing. */
static void report_none(shell *sh, const char *pattern)
{
    if (pattern)
        report_error(sh, "Did not find any relation named \"%s\".", pattern);
    else
        report_error(sh, "Did not find any relations.");
}

/* psql's "List of relations" table: Schema, Name, Type, Owner, then last (NULL: none). */
static void init_relations(result_table *t, const char *last)
{
    table_init(t, last ? 5 : 4);
    table_set_title(t, "List of relations");
    table_set_column(t, 0, "Schema", ALIGN_LEFT);
    table_set_column(t, 1, "Name", ALIGN_LEFT);
    table_set_column(t, 2, "Type", ALIGN_LEFT);
    table_set_column(t, 3, "Owner", ALIGN_LEFT);
    if (last)
        table_set_column(t, 4, last, ALIGN_LEFT);
}

bool describe_list_tables(shell *sh, const char *pattern, bool verbose, const char *kind)
{
    result_table src;
    if (!exec_collect(sh, "SELECT name, backend, ncols, kind, schema, visible FROM sunstone_tables", &src))
        return false;
    size_t *rows, nrows;
    if (!select_rows_in(sh, &src, 0, 4, 5, pattern, &rows, &nrows)) {
        table_free(&src);
        return false;
    }
    if (kind) { /* \dt, \dv: one kind of relation */
        size_t k = 0;
        for (size_t i = 0; i < nrows; i++)
            if (strcmp(cell_or_empty(&src, rows[i], 3), kind) == 0)
                rows[k++] = rows[i];
        nrows = k;
    }
    if (nrows == 0 && !sh->quiet) {
        report_none(sh, pattern);
    } else {
        result_table t;
        init_relations(&t, verbose ? "Access method" : NULL);
        for (size_t i = 0; i < nrows; i++) {
            const char *values[5] = {cell_or_empty(&src, rows[i], 4), cell_or_empty(&src, rows[i], 0),
                                     cell_or_empty(&src, rows[i], 3), describe_owner(), cell_or_empty(&src, rows[i], 1)};
            table_add_row(&t, values);
        }
        print_listing(sh, &t);
        table_free(&t);
    }
    free(rows);
    table_free(&src);
    fflush(sh->out);
    return true;
}

bool describe_list_indexes(shell *sh, const char *pattern, bool verbose)
{
    if (verbose) {
        report_error(sh, "\\di+ is not supported yet.");
        return false;
    }
    result_table src;
    if (!exec_collect(sh, "SELECT name, indexes, schema, visible FROM sunstone_tables", &src))
        return false;
    /* one row (index name, table, schema, visible) per line of each table's Indexes footer:
       the name is the quoted text the line starts with */
    result_table idx;
    table_init(&idx, 4);
    for (size_t r = 0; r < src.nrows; r++) {
        const char *p = table_cell(&src, r, 1);
        while (p && *p == '"') {
            const char *end = strchr(p + 1, '"');
            if (!end)
                break;
            buf name;
            buf_init(&name);
            buf_printf(&name, "%.*s", (int)(end - p - 1), p + 1);
            const char *values[4] = {name.data, cell_or_empty(&src, r, 0), cell_or_empty(&src, r, 2),
                                     cell_or_empty(&src, r, 3)};
            table_add_row(&idx, values);
            buf_free(&name);
            const char *nl = strchr(end, '\n');
            p = nl ? nl + 1 : NULL;
        }
    }
    size_t *rows, nrows;
    bool ok = select_rows_in(sh, &idx, 0, 2, 3, pattern, &rows, &nrows);
    if (ok && nrows == 0 && !sh->quiet) {
        report_none(sh, pattern);
    } else if (ok) {
        result_table t;
        init_relations(&t, "Table");
        for (size_t i = 0; i < nrows; i++) {
            const char *values[5] = {cell_or_empty(&idx, rows[i], 2), cell_or_empty(&idx, rows[i], 0), "index",
                                     describe_owner(), cell_or_empty(&idx, rows[i], 1)};
            table_add_row(&t, values);
        }
        print_listing(sh, &t);
        table_free(&t);
    }
    if (ok)
        free(rows);
    table_free(&idx);
    table_free(&src);
    fflush(sh->out);
    return ok;
}

/* Position as a number for ordering columns. */
static long position_of(const result_table *t, size_t row)
{
    const char *v = table_cell(t, row, 2);
    return v ? strtol(v, NULL, 10) : 0;
}

static const result_table *col_sort_table;

static int compare_positions(const void *a, const void *b)
{
    long x = position_of(col_sort_table, *(const size_t *)a);
    long y = position_of(col_sort_table, *(const size_t *)b);
    return (x > y) - (x < y);
}

/* A footer title and its lines (lines: one per line, each indented by four spaces, as psql's
   footers); nothing when lines is NULL or empty. */
static void add_footer_text(result_table *t, const char *title, const char *lines, const char *indent)
{
    if (!lines || !*lines)
        return;
    table_add_footer(t, title);
    const char *p = lines;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        buf line;
        buf_init(&line);
        buf_printf(&line, "%s%.*s", indent, (int)len, p);
        table_add_footer(t, line.data);
        buf_free(&line);
        p += len + (nl ? 1 : 0);
    }
}

static void add_footer_lines(result_table *t, const char *title, const char *lines)
{
    add_footer_text(t, title, lines, "    ");
}

/* The "Check constraints:" footer: one footer per constraint, `"name" CHECK (...)`; a
   constraint whose text spans lines (a CASE printed in pretty mode) is one footer of several
   lines, only its first one indented, as psql prints pg_get_constraintdef's text. */
static void add_check_footers(result_table *t, const char *lines)
{
    if (!lines || !*lines)
        return;
    table_add_footer(t, "Check constraints:");
    buf one;
    buf_init(&one);
    for (const char *p = lines; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (*p == '"' && one.data && *one.data) {
            table_add_footer(t, one.data);
            buf_free(&one);
            buf_init(&one);
        }
        buf_printf(&one, *p == '"' ? "    %.*s" : "\n%.*s", (int)len, p);
        p += len + (nl ? 1 : 0);
    }
    if (one.data && *one.data)
        table_add_footer(t, one.data);
    buf_free(&one);
}

static const char *storage_of(const char *type);

/* An identifier as part of a regclass text: bare when it reads back as itself. */
static void regclass_part(buf *out, const char *name)
{
    bool bare = *name && !(*name >= '0' && *name <= '9');
    for (const char *p = name; *p && bare; p++)
        bare = (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_';
    if (bare) {
        buf_printf(out, "%s", name);
        return;
    }
    buf_printf(out, "\"");
    for (const char *p = name; *p; p++)
        buf_printf(out, *p == '"' ? "\"\"" : "%c", *p);
    buf_printf(out, "\"");
}

/* \d+ of a view or materialized view: psql's "View definition:" footer, the query as
   pg_get_viewdef(view, true) prints it (an error it gives is reported, the footer left out). */
static void add_view_definition(shell *sh, result_table *t, const char *schema, const char *name)
{
    buf ref, sql;
    buf_init(&ref);
    buf_init(&sql);
    regclass_part(&ref, schema);
    buf_printf(&ref, ".");
    regclass_part(&ref, name);
    buf_printf(&sql, "SELECT pg_get_viewdef(");
    quote_literal(&sql, ref.data);
    buf_printf(&sql, ", true)");
    result_table def;
    if (exec_collect(sh, sql.data, &def)) {
        add_footer_text(t, "View definition:", def.nrows ? table_cell(&def, 0, 0) : NULL, "");
        table_free(&def);
    }
    /* psql's "Options:" footer: the view's reloptions */
    buf_free(&sql);
    buf_init(&sql);
    buf_printf(&sql, "SELECT options FROM sunstone_tables WHERE kind = 'view' AND schema = ");
    quote_literal(&sql, schema);
    buf_printf(&sql, " AND name = ");
    quote_literal(&sql, name);
    result_table opts;
    if (exec_collect(sh, sql.data, &opts)) {
        const char *o = opts.nrows ? table_cell(&opts, 0, 0) : NULL;
        if (o && *o) {
            buf line;
            buf_init(&line);
            buf_printf(&line, "Options: %s", o);
            table_add_footer(t, line.data);
            buf_free(&line);
        }
        table_free(&opts);
    }
    buf_free(&ref);
    buf_free(&sql);
}

static void print_one_table(shell *sh, const result_table *cols, const char *schema, const char *name,
                            const char *backend, bool verbose, const char *kind, const char *checks,
                            const char *fkeys, const char *refs, const char *indexes)
{
    bool is_view = strcmp(kind, "view") == 0, is_matview = strcmp(kind, "materialized view") == 0;
    /* \d+ of a view adds Storage and Description, of a materialized view Compression and
       Stats target as well */
    size_t ncols = verbose && is_view ? 7 : verbose && is_matview ? 9 : 5;
    size_t *rows = xcalloc(cols->nrows ? cols->nrows : 1, sizeof(size_t));
    size_t nrows = 0;
    for (size_t r = 0; r < cols->nrows; r++) {
        const char *tn = table_cell(cols, r, 0), *ts = table_cell(cols, r, 6);
        if (tn && strcmp(tn, name) == 0 && ts && strcmp(ts, schema) == 0)
            rows[nrows++] = r;
    }
    col_sort_table = cols;
    qsort(rows, nrows, sizeof(size_t), compare_positions);

    result_table t;
    table_init(&t, ncols);
    buf title;
    buf_init(&title);
    buf_printf(&title, "%s \"%s.%s\"",
               strcmp(kind, "view") == 0                ? "View"
               : strcmp(kind, "materialized view") == 0 ? "Materialized view"
                                                        : "Table",
               schema, name);
    table_set_title(&t, title.data);
    buf_free(&title);
    table_set_column(&t, 0, "Column", ALIGN_LEFT);
    table_set_column(&t, 1, "Type", ALIGN_LEFT);
    table_set_column(&t, 2, "Collation", ALIGN_LEFT);
    table_set_column(&t, 3, "Nullable", ALIGN_LEFT);
    table_set_column(&t, 4, "Default", ALIGN_LEFT);
    if (ncols > 5) {
        table_set_column(&t, 5, "Storage", ALIGN_LEFT);
        if (ncols == 9) {
            table_set_column(&t, 6, "Compression", ALIGN_LEFT);
            table_set_column(&t, 7, "Stats target", ALIGN_LEFT);
        }
        table_set_column(&t, ncols - 1, "Description", ALIGN_LEFT);
    }
    t.row_count_footer = false;
    for (size_t i = 0; i < nrows; i++) {
        const char *values[9] = {cell_or_empty(cols, rows[i], 1), cell_or_empty(cols, rows[i], 3),
                                 "", is_true(table_cell(cols, rows[i], 4)) ? "not null" : "",
                                 cell_or_empty(cols, rows[i], 5), storage_of(cell_or_empty(cols, rows[i], 3)),
                                 "", "", ""};
        if (ncols == 7)
            values[6] = "";
        table_add_row(&t, values);
    }
    if (verbose && (is_view || is_matview))
        add_view_definition(sh, &t, schema, name);
    add_footer_lines(&t, "Indexes:", indexes);
    add_check_footers(&t, checks);
    add_footer_lines(&t, "Foreign-key constraints:", fkeys);
    add_footer_lines(&t, "Referenced by:", refs);
    if (verbose && backend) {
        buf footer;
        buf_init(&footer);
        buf_printf(&footer, "Access method: %s", backend);
        table_add_footer(&t, footer.data);
        buf_free(&footer);
    }
    print_listing(sh, &t);
    table_free(&t);
    free(rows);
}

/* pg_type.typstorage of a type as \d+ names it: numeric is kept "main", variable-length
   types "extended", the rest "plain". */
static const char *storage_of(const char *type)
{
    size_t n = strlen(type);
    if (strcmp(type, "numeric") == 0 || strncmp(type, "numeric(", 8) == 0)
        return "main";
    if (strcmp(type, "text") == 0 || strncmp(type, "character", 9) == 0 || strcmp(type, "bytea") == 0 ||
        strcmp(type, "json") == 0 || strcmp(type, "jsonb") == 0 || strncmp(type, "bit varying", 11) == 0 ||
        (n > 2 && strcmp(type + n - 2, "[]") == 0))
        return "extended";
    return "plain";
}

/* \d of an index: its key columns (sunstone_index_columns rows of name, by position) and
   psql's footer line ("primary key, btree, for table ..."); \d+ adds Storage and Stats
   target. */
static void print_one_index(shell *sh, const result_table *ixcols, const char *schema, const char *name, bool verbose)
{
    result_table t;
    table_init(&t, verbose ? 6 : 4);
    buf title;
    buf_init(&title);
    buf_printf(&title, "Index \"%s.%s\"", schema, name);
    table_set_title(&t, title.data);
    buf_free(&title);
    table_set_column(&t, 0, "Column", ALIGN_LEFT);
    table_set_column(&t, 1, "Type", ALIGN_LEFT);
    table_set_column(&t, 2, "Key?", ALIGN_LEFT);
    table_set_column(&t, 3, "Definition", ALIGN_LEFT);
    if (verbose) {
        table_set_column(&t, 4, "Storage", ALIGN_LEFT);
        table_set_column(&t, 5, "Stats target", ALIGN_LEFT);
    }
    t.row_count_footer = false;
    size_t *rows = xcalloc(ixcols->nrows ? ixcols->nrows : 1, sizeof(size_t));
    size_t nrows = 0;
    for (size_t r = 0; r < ixcols->nrows; r++)
        if (strcmp(cell_or_empty(ixcols, r, 0), name) == 0)
            rows[nrows++] = r;
    col_sort_table = ixcols; /* column 2: the position */
    qsort(rows, nrows, sizeof(size_t), compare_positions);
    for (size_t i = 0; i < nrows; i++) {
        const char *values[6] = {cell_or_empty(ixcols, rows[i], 3), cell_or_empty(ixcols, rows[i], 4), "yes",
                                 cell_or_empty(ixcols, rows[i], 8), storage_of(cell_or_empty(ixcols, rows[i], 4)),
                                 ""};
        table_add_row(&t, values);
    }
    if (nrows) {
        buf footer;
        buf_init(&footer);
        size_t r = rows[0];
        buf_printf(&footer, "%s%s, for table \"%s.%s\"",
                   is_true(table_cell(ixcols, r, 6))   ? "primary key, "
                   : is_true(table_cell(ixcols, r, 5)) ? "unique, "
                                                       : "",
                   cell_or_empty(ixcols, r, 7), schema, cell_or_empty(ixcols, r, 1));
        if (*cell_or_empty(ixcols, r, 9)) /* a partial index */
            buf_printf(&footer, ", predicate (%s)", cell_or_empty(ixcols, r, 9));
        if (is_true(table_cell(ixcols, r, 10)))
            buf_puts(&footer, ", deferrable");
        if (is_true(table_cell(ixcols, r, 11)))
            buf_puts(&footer, ", initially deferred");
        table_add_footer(&t, footer.data);
        buf_free(&footer);
    }
    print_listing(sh, &t);
    table_free(&t);
    free(rows);
}

/* \d of a sequence: its parameters (the sunstone_sequences row of name) and its owner. */
static void print_one_sequence(shell *sh, const result_table *seqs, const char *schema, const char *name)
{
    size_t r = 0;
    while (r < seqs->nrows && strcmp(cell_or_empty(seqs, r, 0), name) != 0)
        r++;
    if (r == seqs->nrows)
        return;
    result_table t;
    table_init(&t, 7);
    buf title;
    buf_init(&title);
    buf_printf(&title, "Sequence \"%s.%s\"", schema, name);
    table_set_title(&t, title.data);
    buf_free(&title);
    static const char *const names[7] = {"Type", "Start", "Minimum", "Maximum", "Increment", "Cycles?", "Cache"};
    for (size_t c = 0; c < 7; c++)
        table_set_column(&t, c, names[c], c == 0 || c == 5 ? ALIGN_LEFT : ALIGN_RIGHT);
    t.row_count_footer = false;
    const char *values[7] = {cell_or_empty(seqs, r, 1), cell_or_empty(seqs, r, 2), cell_or_empty(seqs, r, 3),
                             cell_or_empty(seqs, r, 4), cell_or_empty(seqs, r, 5),
                             is_true(table_cell(seqs, r, 6)) ? "yes" : "no", cell_or_empty(seqs, r, 7)};
    table_add_row(&t, values);
    const char *kind = table_cell(seqs, r, 10);
    if (kind) {
        buf footer;
        buf_init(&footer);
        buf_printf(&footer, "%s: %s.%s.%s", strcmp(kind, "identity") == 0 ? "Sequence for identity column" : "Owned by",
                   schema, cell_or_empty(seqs, r, 8), cell_or_empty(seqs, r, 9));
        table_add_footer(&t, footer.data);
        buf_free(&footer);
    }
    print_listing(sh, &t);
    table_free(&t);
}

/* The relations \d can show, by name: (name, kind, row in its source, schema, visible) — tables, views and
   sequences from sunstone_tables, indexes from sunstone_index_columns (once each). */
static void collect_relations(const result_table *tables, const result_table *ixcols, result_table *out)
{
    table_init(out, 5);
    for (size_t r = 0; r < tables->nrows; r++) {
        char row[32];
        snprintf(row, sizeof row, "%zu", r);
        const char *values[5] = {cell_or_empty(tables, r, 0), cell_or_empty(tables, r, 3), row,
                                 cell_or_empty(tables, r, 8), cell_or_empty(tables, r, 9)};
        table_add_row(out, values);
    }
    for (size_t r = 0; r < ixcols->nrows; r++) {
        if (strcmp(cell_or_empty(ixcols, r, 2), "1") != 0)
            continue; /* the first key column stands for the index */
        /* an index is in its table's schema */
        size_t t = 0;
        while (t < tables->nrows && strcmp(cell_or_empty(tables, t, 0), cell_or_empty(ixcols, r, 1)) != 0)
            t++;
        const char *values[5] = {cell_or_empty(ixcols, r, 0), "index", "0",
                                 t < tables->nrows ? cell_or_empty(tables, t, 8) : "public",
                                 t < tables->nrows ? cell_or_empty(tables, t, 9) : "t"};
        table_add_row(out, values);
    }
}

bool describe_tables(shell *sh, const char *pattern, bool verbose)
{
    result_table tables, ixcols, seqs, cols, rels;
    if (!exec_collect(sh, "SELECT name, backend, ncols, kind, check_constraints, foreign_keys, referenced_by, indexes, "
                          "schema, visible FROM sunstone_tables", &tables))
        return false;
    if (!exec_collect(sh, "SELECT index_name, table_name, position, column_name, type_name, is_unique, is_primary, method, "
                          "definition, predicate, is_deferrable, is_initially_deferred FROM sunstone_index_columns",
                      &ixcols)) {
        table_free(&tables);
        return false;
    }
    if (!exec_collect(sh, "SELECT name, data_type, start_value, min_value, max_value, increment_by, cycle, "
                          "cache_size, owner_table, owner_column, owner_kind FROM sunstone_sequences", &seqs)) {
        table_free(&tables);
        table_free(&ixcols);
        return false;
    }
    collect_relations(&tables, &ixcols, &rels);
    size_t *rows = NULL, nrows = 0;
    bool ok = select_rows_in(sh, &rels, 0, 3, 4, pattern, &rows, &nrows);
    if (ok && nrows == 0) {
        if (!sh->quiet)
            report_error(sh, "Did not find any relation named \"%s\".", pattern);
        ok = false;
    } else if (ok && exec_collect(sh,
                                  "SELECT table_name, column_name, position, type_name, not_null, default_value, "
                                  "table_schema FROM sunstone_columns",
                                  &cols)) {
        for (size_t i = 0; i < nrows; i++) {
            const char *name = cell_or_empty(&rels, rows[i], 0), *kind = cell_or_empty(&rels, rows[i], 1);
            const char *schema = cell_or_empty(&rels, rows[i], 3);
            size_t tr = (size_t)strtoul(cell_or_empty(&rels, rows[i], 2), NULL, 10);
            if (strcmp(kind, "index") == 0)
                print_one_index(sh, &ixcols, schema, name, verbose);
            else if (strcmp(kind, "sequence") == 0)
                print_one_sequence(sh, &seqs, schema, name);
            else
                print_one_table(sh, &cols, schema, name, table_cell(&tables, tr, 1), verbose, kind,
                                table_cell(&tables, tr, 4), table_cell(&tables, tr, 5), table_cell(&tables, tr, 6),
                                table_cell(&tables, tr, 7));
        }
        table_free(&cols);
    } else {
        ok = false;
    }
    free(rows);
    table_free(&rels);
    table_free(&seqs);
    table_free(&ixcols);
    table_free(&tables);
    fflush(sh->out);
    return ok;
}

/* The rows of sql's answer whose first column matches pattern (select_rows). */
static bool collect_matching(shell *sh, const char *sql, const char *pattern, result_table *src, size_t **rows,
                             size_t *nrows)
{
    if (!exec_collect(sh, sql, src))
        return false;
    if (select_rows(sh, src, 0, pattern, rows, nrows))
        return true;
    table_free(src);
    return false;
}

/* Prints listing t and frees it with the rows and the answer it came from. */
static bool finish_listing(shell *sh, result_table *t, size_t *rows, result_table *src)
{
    print_listing(sh, t);
    table_free(t);
    free(rows);
    table_free(src);
    fflush(sh->out);
    return true;
}

bool describe_schemas(shell *sh, const char *pattern, bool system)
{
    result_table src;
    size_t *rows, nrows;
    if (!collect_matching(sh, "SELECT name, system FROM sunstone_schemas", pattern, &src, &rows, &nrows))
        return false;
    result_table t;
    table_init(&t, 2);
    table_set_title(&t, "List of schemas");
    table_set_column(&t, 0, "Name", ALIGN_LEFT);
    table_set_column(&t, 1, "Owner", ALIGN_LEFT);
    for (size_t i = 0; i < nrows; i++) {
        const char *name = cell_or_empty(&src, rows[i], 0);
        /* psql leaves out the system schemas unless asked for (S or a pattern) */
        if (!system && !pattern && (strncmp(name, "pg_", 3) == 0 || strcmp(name, "information_schema") == 0))
            continue;
        const char *values[2] = {name, is_true(table_cell(&src, rows[i], 1))   ? "postgres"
                                       : strcmp(name, "public") == 0           ? "pg_database_owner"
                                                                               : describe_owner()};
        table_add_row(&t, values);
    }
    return finish_listing(sh, &t, rows, &src);
}

bool describe_plugins(shell *sh, const char *pattern)
{
    result_table src;
    size_t *rows, nrows;
    if (!collect_matching(sh, "SELECT name, kind, version, abi, path FROM sunstone_plugins", pattern, &src, &rows,
                          &nrows))
        return false;
    result_table t;
    table_init(&t, 5);
    table_set_title(&t, "List of installed plugins");
    table_set_column(&t, 0, "Name", ALIGN_LEFT);
    table_set_column(&t, 1, "Kind", ALIGN_LEFT);
    table_set_column(&t, 2, "Version", ALIGN_LEFT);
    table_set_column(&t, 3, "ABI", ALIGN_LEFT);
    table_set_column(&t, 4, "Path", ALIGN_LEFT);
    for (size_t i = 0; i < nrows; i++) {
        const char *values[5];
        for (size_t c = 0; c < 5; c++)
            values[c] = cell_or_empty(&src, rows[i], c);
        table_add_row(&t, values);
    }
    return finish_listing(sh, &t, rows, &src);
}

/* \df[+]: Sunstone has no CREATE FUNCTION, so the user-defined functions psql lists are none
   (the S forms, which list built-in ones, are refused by the caller); \dT[+] without a pattern
   when no user-defined type exists. */
bool describe_types(shell *sh, const char *pattern, bool verbose)
{
    /* an unqualified (or pg_catalog.) pattern would match built-in types, which the shell
       cannot list */
    if (pattern && (!strchr(pattern, '.') || strncmp(pattern, "pg_catalog.", 11) == 0)) {
        report_error(sh, "\\dT PATTERN: listing built-in types is not supported by sunstone; qualify the "
                         "pattern with a schema (\\dT public.*)");
        return false;
    }
    result_table src;
    if (!exec_collect(sh, "SELECT name, schema, display_name, internal_name, elements, visible FROM sunstone_types",
                      &src))
        return false;
    size_t *rows, nrows;
    if (!select_rows_in(sh, &src, 0, 1, 5, pattern, &rows, &nrows)) {
        table_free(&src);
        return false;
    }
    static const char *const cols[] = {"Schema", "Name", "Internal name", "Size", "Elements", "Owner",
                                       "Access privileges", "Description"};
    static const char *const brief[] = {"Schema", "Name", "Description"};
    size_t n = verbose ? 8 : 3;
    result_table t;
    table_init(&t, n);
    table_set_title(&t, "List of data types");
    for (size_t i = 0; i < n; i++)
        table_set_column(&t, i, verbose ? cols[i] : brief[i], ALIGN_LEFT);
    for (size_t i = 0; i < nrows; i++) {
        const char *schema = cell_or_empty(&src, rows[i], 1), *name = cell_or_empty(&src, rows[i], 2);
        const char *v8[8] = {schema, name, cell_or_empty(&src, rows[i], 3), "4", cell_or_empty(&src, rows[i], 4),
                             describe_owner(), "", ""};
        const char *v3[3] = {schema, name, ""};
        table_add_row(&t, verbose ? v8 : v3);
    }
    return finish_listing(sh, &t, rows, &src);
}

bool describe_empty_listing(shell *sh, char kind, bool verbose)
{
    static const char *const funcs[] = {"Schema", "Name", "Result data type", "Argument data types", "Type",
                                        "Volatility", "Parallel", "Owner", "Security", "Access privileges",
                                        "Language", "Source code", "Description"};
    static const char *const types[] = {"Schema", "Name", "Internal name", "Size", "Elements", "Owner",
                                        "Access privileges", "Description"};
    bool f = kind == 'f';
    const char *const *cols = f ? funcs : types;
    size_t n = f ? (verbose ? 13 : 5) : (verbose ? 8 : 3);
    if (!f && !verbose) { /* \dT: Schema, Name, Description */
        static const char *const brief[] = {"Schema", "Name", "Description"};
        cols = brief;
    }
    result_table t;
    table_init(&t, n);
    table_set_title(&t, f ? "List of functions" : "List of data types");
    for (size_t i = 0; i < n; i++)
        table_set_column(&t, i, cols[i], ALIGN_LEFT);
    print_listing(sh, &t);
    table_free(&t);
    return true;
}

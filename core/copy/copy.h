/* copy.h — COPY: the bound form the binder makes of a COPY statement (bind_copy.c), its
 * options as PostgreSQL's ProcessCopyOptions resolves them, and the entry points that run it
 * (copy_from.c, copy_to.c) and the text / CSV line format both share (copy_format.c). */
#ifndef SS_COPY_COPY_H
#define SS_COPY_COPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exec/context.h"
#include "util/strbuf.h"

struct sunstone_stmt;

/* The options with PostgreSQL's defaults filled in (text: tab, \N; csv: comma, "", '"'). */
typedef struct ss_copy_opts {
    bool csv;
    bool header;           /* HEADER on (FROM: the first line is skipped or matched) */
    bool header_match;     /* HEADER MATCH (FROM only) */
    char delim;
    const char *null_str;
    size_t null_len;
    char quote, escape;    /* CSV only */
    bool force_quote_all;  /* FORCE_QUOTE * */
    /* per copied column (ncols of them): FORCE_QUOTE (TO), FORCE_NOT_NULL, FORCE_NULL (FROM) */
    bool *force_quote, *force_not_null, *force_null;
} ss_copy_opts;

typedef struct ss_copy_bound {
    bool is_from;
    const char *filename;  /* NULL: STDIN / STDOUT (the session's copy handler) */
    ss_table *table;       /* COPY FROM's target */
    const char *relname;   /* what CONTEXT lines name: the table (NULL for a query) */
    uint32_t ncols;        /* copied columns, in data order */
    uint32_t *attnums;     /* FROM: the table column of each copied column */
    const char **col_names;
    ss_type *col_types;
    ss_copy_opts opts;
    bool into_view;        /* COPY view FROM: 42809 once the file is open (relname names it) */
    /* FROM into a table: per table column, the value a column the COPY does not fill gets
       (its DEFAULT, nextval of its sequence, or NULL), as INSERT's; NULL exactly for the
       copied columns */
    struct ss_expr **defaults;
} ss_copy_bound;

/* Runs a bound COPY statement (the tag is "COPY n"). */
int ss_copy_run(struct sunstone_stmt *st);
int ss_copy_run_from(struct sunstone_stmt *st);
int ss_copy_run_to(struct sunstone_stmt *st);

/* ---- copy_format.c: one field's text, both ways ---- */

/* Appends value s[0..len) as the text format writes it (backslash escapes). */
void ss_copy_out_text(ss_strbuf *out, const char *s, size_t len, char delim);
/* Appends it as CSV writes it: quoted when forced, when it equals the null string, when it
 * holds the delimiter, quote, CR or LF, or when it is "\." alone on a line (single). */
void ss_copy_out_csv(ss_strbuf *out, const char *s, size_t len, const ss_copy_opts *o, bool force, bool single);

/* The fields of one line (a CSV record may span lines), split as PostgreSQL's
 * CopyReadAttributesText / CopyReadAttributesCSV do: values decoded into buf, each field a
 * (start, len) in it or NULL (is_null).  quoted tells a CSV field that had quotes. */
typedef struct ss_copy_fields {
    ss_strbuf buf;
    uint32_t n, cap;
    size_t *start, *len;
    bool *is_null, *quoted;
} ss_copy_fields;

void ss_copy_fields_free(ss_copy_fields *f);
/* Splits line[0..len); SS_ERROR (22P04 unterminated CSV quoted field, out of memory) on ctx. */
int ss_copy_split(ss_ctx *ctx, const ss_copy_opts *o, const char *line, size_t len, ss_copy_fields *f);

#endif

/* copy_from.c — COPY table [(cols)] FROM file | STDIN, the bulk-load path: the input is read
 * in large chunks and cut into lines (a backslash escapes a newline in text, quotes hold
 * newlines in CSV; "\." alone ends the data), each line split into fields (copy_format.c),
 * each field run through its column's input function into batches of SS_BATCH_CAPACITY rows,
 * which go through INSERT's staging (NOT NULL) and are written as one statement (all or
 * none).  Errors are PostgreSQL's (22P04 missing / extra data, 22P02 from the input
 * functions, ...) with its CONTEXT line: COPY t, line 2, column b: "x". */
#include <stdlib.h>
#include <string.h>

#include "api/statement.h"
#include "copy/copy.h"
#include "copy/copy_io.h"
#include "exec/interrupt.h"
#include "exec/vector.h"
#include "exec/expr.h"
#include "catalog/constraints.h"
#include "types/typeio.h"

#define COPY_CHUNK 65536
#define COPY_DISPLAY_MAX 100 /* PostgreSQL's MAX_COPY_DATA_DISPLAY */

typedef enum { EOL_UNKNOWN, EOL_NL, EOL_CRNL } eol_type;

typedef struct line_reader {
    ss_copy_io *io;
    char *buf;
    size_t len, pos, cap;
    bool eof;
    eol_type eol;
    /* the current line: buf[line, line + line_len) without its end of line */
    size_t line, line_len;
    uint64_t lineno;
} line_reader;

/* Moves the unread bytes to the front and reads more; false at the end of the input. */
static int fill(ss_ctx *ctx, line_reader *r, bool *more)
{
    *more = false;
    if (r->eof)
        return SS_OK;
    if (r->pos > 0) {
        memmove(r->buf, r->buf + r->pos, r->len - r->pos);
        r->len -= r->pos;
        r->pos = 0;
    }
    if (r->cap - r->len < COPY_CHUNK / 2) {
        size_t cap = r->cap ? r->cap * 2 : COPY_CHUNK * 2;
        char *p = realloc(r->buf, cap);
        if (!p)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        r->buf = p;
        r->cap = cap;
    }
    size_t n;
    if (ss_copy_io_read(ctx, r->io, r->buf + r->len, r->cap - r->len, &n))
        return SS_ERROR;
    if (n == 0)
        r->eof = true;
    r->len += n;
    *more = n > 0;
    return SS_OK;
}

/* The offset of the newline ending the line that starts at r->pos, searching from *scan
 * (kept across refills), or -1 when the buffer holds no complete line yet.  *in_quote is the
 * CSV quote state at *scan. */
static long find_eol(const line_reader *r, const ss_copy_opts *o, size_t *scan, bool *in_quote)
{
    const char *b = r->buf;
    size_t i = *scan;
    if (!o->csv) {
        while (i < r->len) {
            const char *nl = memchr(b + i, '\n', r->len - i);
            if (!nl)
                break;
            size_t at = (size_t)(nl - b), k = at;
            while (k > r->pos && b[k - 1] == '\\')
                k--;
            if ((at - k) % 2 == 0)
                return (long)at;
            i = at + 1; /* an escaped newline belongs to the data */
        }
        *scan = r->len;
        return -1;
    }
    bool q = *in_quote;
    for (; i < r->len; i++) {
        char c = b[i];
        if (q) {
            if (c == o->escape && o->escape != o->quote && i + 1 < r->len &&
                (b[i + 1] == o->quote || b[i + 1] == o->escape)) {
                i++;
                continue;
            }
            if (c == o->quote)
                q = false;
        } else if (c == o->quote) {
            q = true;
        } else if (c == '\n') {
            *scan = i;
            *in_quote = q;
            return (long)i;
        }
    }
    if (o->escape != o->quote && q && i > 0 && b[i - 1] == o->escape)
        i--; /* an escape at the end of the buffer: look at it again with what follows */
    *scan = i;
    *in_quote = q;
    return -1;
}

/* Reads the next line (record) into r->line / r->line_len; *got false at the end of data. */
static int next_line(ss_ctx *ctx, line_reader *r, const ss_copy_opts *o, bool *got)
{
    *got = false;
    size_t scan = r->pos;
    bool in_quote = false;
    long eol;
    for (;;) {
        eol = find_eol(r, o, &scan, &in_quote);
        if (eol >= 0)
            break;
        size_t before = r->pos;
        bool more;
        if (fill(ctx, r, &more))
            return SS_ERROR;
        scan -= before - r->pos;
        if (!more) {
            if (r->pos == r->len)
                return SS_OK; /* no more data */
            eol = (long)r->len; /* a last line without a newline */
            break;
        }
    }
    size_t start = r->pos, end = (size_t)eol;
    r->pos = end < r->len ? end + 1 : end;
    r->lineno++;
    bool had_nl = end < r->len;
    bool cr = end > start && r->buf[end - 1] == '\r';
    if (r->eol == EOL_UNKNOWN && had_nl)
        r->eol = cr ? EOL_CRNL : EOL_NL;
    if (cr && (r->eol == EOL_CRNL || !had_nl))
        end--;
    r->line = start;
    r->line_len = end - start;
    if (r->eol == EOL_CRNL && had_nl && !cr && !o->csv) {
        ss_ctx_error(ctx, "22P04", "literal newline found in data");
        ss_ctx_error_hint(ctx, "Use \"\\n\" to represent newline.");
        return SS_ERROR;
    }
    if (!o->csv && memchr(r->buf + start, '\r', end - start)) {
        ss_ctx_error(ctx, "22P04", "literal carriage return found in data");
        ss_ctx_error_hint(ctx, "Use \"\\r\" to represent carriage return.");
        return SS_ERROR;
    }
    *got = true;
    return SS_OK;
}

/* PostgreSQL's limit_printout_length: at most 100 bytes (whole UTF-8 characters), then "...". */
static void append_limited(ss_strbuf *sb, const char *s, size_t len)
{
    if (len <= COPY_DISPLAY_MAX) {
        ss_strbuf_append(sb, s, len);
        return;
    }
    size_t cut = COPY_DISPLAY_MAX;
    while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
        cut--;
    ss_strbuf_append(sb, s, cut);
    ss_strbuf_puts(sb, "...");
}

/* Adds the CONTEXT line to the error just recorded (after any the error already had):
 * "COPY t, line n, column c: "value"" (column given) or "COPY t, line n: "line"". */
static void error_context(ss_ctx *ctx, const ss_copy_bound *c, const line_reader *r, const char *column,
                          const char *value, size_t value_len, bool null_input)
{
    if (!ctx->err)
        return;
    ss_strbuf sb;
    ss_strbuf_init(&sb);
    if (ctx->err->context) {
        ss_strbuf_puts(&sb, ctx->err->context);
        ss_strbuf_putc(&sb, '\n');
        free(ctx->err->context);
        ctx->err->context = NULL;
    }
    ss_strbuf_printf(&sb, "COPY %s, line %llu", c->relname, (unsigned long long)r->lineno);
    if (column && null_input) {
        ss_strbuf_printf(&sb, ", column %s: null input", column);
    } else if (column) {
        ss_strbuf_printf(&sb, ", column %s: \"", column);
        append_limited(&sb, value, value_len);
        ss_strbuf_putc(&sb, '"');
    } else {
        ss_strbuf_puts(&sb, ": \"");
        append_limited(&sb, r->buf + r->line, r->line_len);
        ss_strbuf_putc(&sb, '"');
    }
    ss_ctx_error_context(ctx, "%s", sb.data ? sb.data : "");
    ss_strbuf_free(&sb);
}

/* HEADER MATCH: the header line's fields must be the copied columns' names. */
static int match_header(ss_ctx *ctx, const ss_copy_bound *c, const ss_copy_fields *f)
{
    if (f->n != c->ncols)
        return ss_ctx_error(ctx, "22P04", "wrong number of fields in header line: got %u, expected %u", f->n,
                            c->ncols);
    for (uint32_t i = 0; i < f->n; i++) {
        const char *s = f->buf.data ? f->buf.data + f->start[i] : "";
        if (f->is_null[i])
            return ss_ctx_error(ctx, "22P04", "column name mismatch in header line field %u: got null value (\"%s\"), expected \"%s\"",
                                i + 1, c->opts.null_str, c->col_names[i]);
        if (f->len[i] != strlen(c->col_names[i]) || memcmp(s, c->col_names[i], f->len[i]) != 0)
            return ss_ctx_error(ctx, "22P04", "column name mismatch in header line field %u: got \"%.*s\", expected \"%s\"",
                                i + 1, (int)f->len[i], s, c->col_names[i]);
    }
    return SS_OK;
}

typedef struct copy_state {
    sunstone_stmt *st;
    const ss_copy_bound *bound;
    ss_table *t;
    line_reader r;
    ss_copy_fields f;
    ss_batch *batch;
    ss_insert_staging *staging;
    uint32_t *uncopied;    /* the table's columns missing from the column list */
    uint32_t nuncopied;
} copy_state;

/* One line into row batch->count of the batch. */
static int load_line(copy_state *s)
{
    ss_ctx *ctx = &s->st->ctx;
    const ss_copy_bound *c = s->bound;
    const ss_copy_opts *o = &c->opts;
    ss_copy_fields *f = &s->f;
    if (ss_copy_split(ctx, o, s->r.buf + s->r.line, s->r.line_len, f))
        return error_context(ctx, c, &s->r, NULL, NULL, 0, false), SS_ERROR;
    if (c->ncols > 0 && f->n > c->ncols) {
        ss_ctx_error(ctx, "22P04", "extra data after last expected column");
        return error_context(ctx, c, &s->r, NULL, NULL, 0, false), SS_ERROR;
    }
    uint32_t row = s->batch->count;
    for (uint32_t i = 0; i < c->ncols; i++) {
        uint32_t col = c->attnums[i];
        if (i >= f->n) {
            ss_ctx_error(ctx, "22P04", "missing data for column \"%s\"", c->col_names[i]);
            return error_context(ctx, c, &s->r, NULL, NULL, 0, false), SS_ERROR;
        }
        const char *v = f->buf.data ? f->buf.data + f->start[i] : "";
        size_t vlen = f->len[i];
        bool is_null = f->is_null[i];
        if (o->csv) {
            if (is_null && o->force_not_null && o->force_not_null[i])
                is_null = false;
            else if (!is_null && f->quoted[i] && o->force_null && o->force_null[i] && vlen == o->null_len &&
                     memcmp(v, o->null_str, vlen) == 0)
                is_null = true;
        }
        ss_value val;
        if (is_null) {
            val.is_null = true;
        } else {
            if (ss_value_parse(ctx, c->col_types[i], v, vlen, &val))
                return error_context(ctx, c, &s->r, c->col_names[i], v, vlen, false), SS_ERROR;
        }
        if (ss_vector_set_value(ctx, s->batch->cols[col], row, &val))
            return SS_ERROR;
    }
    for (uint32_t k = 0; k < s->nuncopied; k++) { /* the columns the COPY does not fill */
        uint32_t col = s->uncopied[k];
        ss_value val = {.is_null = true};
        if (ss_expr_eval_scalar(ctx, c->defaults[col], &val))
            return error_context(ctx, c, &s->r, NULL, NULL, 0, false), SS_ERROR;
        if (ss_vector_set_value(ctx, s->batch->cols[col], row, &val))
            return SS_ERROR;
    }
    s->batch->count++;
    /* NOT NULL and CHECK, as INSERT checks them, on this row alone: the error names its line */
    ss_batch one = {s->batch->ncols, s->batch->count, &row, 1, s->batch->cols};
    if (ss_constraints_check_rows(ctx, s->t, s->st->bound->checks, &one))
        return error_context(ctx, c, &s->r, NULL, NULL, 0, false), SS_ERROR;
    return SS_OK;
}

static int flush_batch(copy_state *s)
{
    if (s->batch->count == 0)
        return SS_OK;
    int rc = ss_insert_stage(&s->st->ctx, s->staging, s->t, s->batch);
    ss_batch_reset(s->batch);
    return rc;
}

static int load_all(copy_state *s)
{
    ss_ctx *ctx = &s->st->ctx;
    const ss_copy_opts *o = &s->bound->opts;
    for (;;) {
        bool got;
        if (next_line(ctx, &s->r, o, &got))
            return error_context(ctx, s->bound, &s->r, NULL, NULL, 0, false), SS_ERROR;
        if (!got)
            return SS_OK;
        const char *line = s->r.buf + s->r.line;
        if (s->r.line_len == 2 && line[0] == '\\' && line[1] == '.')
            return SS_OK; /* the end-of-data marker */
        if (!o->csv && s->r.line_len > 2 && line[0] == '\\' && line[1] == '.') {
            ss_ctx_error(ctx, "22P04", "end-of-copy marker corrupt");
            return error_context(ctx, s->bound, &s->r, NULL, NULL, 0, false), SS_ERROR;
        }
        if (s->r.lineno == 1 && o->header) {
            if (o->header_match &&
                (ss_copy_split(ctx, o, line, s->r.line_len, &s->f) || match_header(ctx, s->bound, &s->f)))
                return error_context(ctx, s->bound, &s->r, NULL, NULL, 0, false), SS_ERROR;
            continue;
        }
        if (load_line(s))
            return SS_ERROR;
        if (s->batch->count == SS_BATCH_CAPACITY) {
            if (flush_batch(s) || ss_check_interrupt(ctx))
                return SS_ERROR;
        }
    }
}

int ss_copy_run_from(sunstone_stmt *st)
{
    ss_ctx *ctx = &st->ctx;
    copy_state cs;
    memset(&cs, 0, sizeof cs);
    cs.st = st;
    cs.bound = st->bound->copy;
    cs.t = cs.bound->table;
    ss_copy_io io;
    if (ss_copy_io_open(ctx, st->db, cs.bound, &io))
        return SS_ERROR;
    cs.r.io = &io;
    if (cs.bound->into_view) {
        ss_copy_io_close(NULL, &io);
        ss_ctx_error(ctx, "42809", "cannot copy to view \"%s\"", cs.bound->relname);
        ss_ctx_error_hint(ctx, "To enable copying to a view, provide an INSTEAD OF INSERT trigger.");
        return SS_ERROR;
    }
    cs.batch = ss_batch_create(cs.t->ncols, cs.t->types, SS_BATCH_CAPACITY);
    cs.staging = ss_insert_staging_new();
    cs.uncopied = calloc(cs.t->ncols + 1, sizeof(uint32_t));
    for (uint32_t col = 0; cs.uncopied && col < cs.t->ncols; col++)
        if (cs.bound->defaults[col]) /* the binder gave exactly the uncopied columns one */
            cs.uncopied[cs.nuncopied++] = col;
    int rc = cs.batch && cs.staging && cs.uncopied ? load_all(&cs) : ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (rc == SS_OK)
        rc = flush_batch(&cs);
    int64_t n = 0;
    if (rc == SS_OK)
        rc = ss_insert_write(ctx, cs.t, cs.staging, &n);
    ss_insert_staging_free(cs.staging);
    if (cs.batch)
        ss_batch_destroy(cs.batch);
    ss_copy_fields_free(&cs.f);
    free(cs.uncopied);
    free(cs.r.buf);
    ss_copy_io_close(NULL, &io);
    if (rc)
        return SS_ERROR;
    st->rows = n;
    snprintf(st->tag, sizeof st->tag, "COPY %lld", (long long)n);
    return SS_OK;
}

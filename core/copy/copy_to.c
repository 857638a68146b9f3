/* copy_to.c — COPY table / (query) TO file | STDOUT: runs the bound query and writes each row
 * as a line of the text or CSV format (a header line first with HEADER), NULLs as the null
 * string; the tag is "COPY n". */
#include <string.h>

#include "api/statement.h"
#include "copy/copy.h"
#include "copy/copy_io.h"
#include "types/typeio.h"

#define COPY_FLUSH_BYTES 65536

static void put_field(ss_strbuf *out, const ss_copy_bound *c, uint32_t col, const char *s, size_t len)
{
    const ss_copy_opts *o = &c->opts;
    if (!o->csv) {
        ss_copy_out_text(out, s, len, o->delim);
        return;
    }
    bool force = o->force_quote_all || (o->force_quote && o->force_quote[col]);
    ss_copy_out_csv(out, s, len, o, force, c->ncols == 1);
}

static int write_rows(sunstone_stmt *st, const ss_copy_bound *c, ss_copy_io *io, ss_strbuf *out, int64_t *nrows)
{
    ss_ctx *ctx = &st->ctx;
    ss_strbuf val;
    ss_strbuf_init(&val);
    int rc = ss_exec_start(ctx, st->bound->plan, 0, &st->root);
    while (rc == SS_OK) {
        ss_batch *b;
        if ((rc = ss_exec_next(ctx, st->root, &b)) || !b)
            break;
        uint32_t live = ss_batch_rows(b);
        for (uint32_t k = 0; k < live; k++) {
            uint32_t row = ss_batch_row(b, k);
            for (uint32_t i = 0; i < c->ncols; i++) {
                ss_value v;
                if (i)
                    ss_strbuf_putc(out, c->opts.delim);
                ss_vector_get_value(b->cols[i], row, &v);
                if (v.is_null) {
                    ss_strbuf_append(out, c->opts.null_str, c->opts.null_len);
                    continue;
                }
                ss_strbuf_clear(&val);
                ss_value_format(c->col_types[i], &v, &val);
                put_field(out, c, i, val.data ? val.data : "", val.len);
            }
            ss_strbuf_putc(out, '\n');
        }
        *nrows += live;
        if (out->oom || val.oom)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        else if (out->len >= COPY_FLUSH_BYTES) {
            rc = ss_copy_io_write(ctx, io, out->data, out->len);
            ss_strbuf_clear(out);
        }
    }
    ss_strbuf_free(&val);
    return rc;
}

int ss_copy_run_to(sunstone_stmt *st)
{
    ss_ctx *ctx = &st->ctx;
    const ss_copy_bound *c = st->bound->copy;
    ss_copy_io io;
    if (ss_copy_io_open(ctx, st->db, c, &io))
        return SS_ERROR;
    /* the copy handler hears of a COPY TO STDOUT at its start, before any row */
    if (!io.file && st->db->copy_write(st->db->copy_arg, "", 0) != 0)
        return ss_ctx_error(ctx, "58030", "could not write COPY data: the copy handler failed");
    ss_strbuf out;
    ss_strbuf_init(&out);
    if (c->opts.header) {
        for (uint32_t i = 0; i < c->ncols; i++) {
            if (i)
                ss_strbuf_putc(&out, c->opts.delim);
            if (c->opts.csv)
                ss_copy_out_csv(&out, c->col_names[i], strlen(c->col_names[i]), &c->opts, false, c->ncols == 1);
            else
                ss_copy_out_text(&out, c->col_names[i], strlen(c->col_names[i]), c->opts.delim);
        }
        ss_strbuf_putc(&out, '\n');
    }
    int64_t n = 0;
    int rc = write_rows(st, c, &io, &out, &n);
    if (rc == SS_OK)
        rc = ss_copy_io_write(ctx, &io, out.data, out.len);
    ss_strbuf_free(&out);
    if (rc == SS_OK)
        ss_stmt_end_run(st);
    else
        ss_stmt_stop(st);
    if (ss_copy_io_close(rc == SS_OK ? ctx : NULL, &io))
        rc = SS_ERROR;
    if (rc)
        return SS_ERROR;
    st->rows = n;
    snprintf(st->tag, sizeof st->tag, "COPY %lld", (long long)n);
    return SS_OK;
}

int ss_copy_run(sunstone_stmt *st)
{
    return st->bound->copy->is_from ? ss_copy_run_from(st) : ss_copy_run_to(st);
}

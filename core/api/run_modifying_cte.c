/* run_modifying_cte.c — a statement's data-modifying WITH queries (bind/bind_modifying_cte.c)
 * run as PostgreSQL runs them: every one exactly once and to completion, whether the main
 * statement reads all, part or none of its rows.  Each runs as an INSERT / UPDATE / DELETE of
 * its own (run.c's run_insert, run_modify.c) inside the statement: with the statement's
 * snapshot and the transaction's current command, so neither the main statement nor another
 * WITH query sees its changes to the tables (only its RETURNING rows, published to every
 * operator tree as a worktable, ss_ctx.stmt_worktables), and a row two of them change is
 * changed by the first only (the second finds it changed by this command and skips it, as
 * PostgreSQL's TM_SelfModified).  Order: those the main statement reads run before it, in the
 * order they were bound (PostgreSQL runs them as they are read); the others after the main
 * INSERT / UPDATE / DELETE, the last one first, as PostgreSQL's ExecPostprocessPlan does
 * (before a main SELECT, whose snapshot does not see them either); one another reads runs
 * just before that one.  An error in any of them
 * fails the statement, and its transaction undoes them all. */
#include <stdlib.h>
#include <string.h>

#include "api/run_matview.h"
#include "api/run_modify.h"
#include "api/run_modifying_cte.h"
#include "api/run_returning.h"
#include "exec/executor.h"
#include "util/arena.h"

/* What a run keeps until the statement stops: each WITH query's RETURNING rows. */
struct ss_modifying_run {
    uint32_t n;
    ss_row_store **rows;
    ss_stmt_worktable *worktables;
    bool *started;
    bool running;   /* ss_modifying_ctes_run has not returned */
};

void ss_modifying_ctes_free(sunstone_stmt *st)
{
    struct ss_modifying_run *r = st->modifying_run;
    if (!r || r->running) /* the main INSERT / UPDATE / DELETE stopping its own tree */
        return;
    for (uint32_t i = 0; i < r->n; i++)
        ss_row_store_free(r->rows[i]);
    free(r->rows);
    free(r->worktables);
    free(r->started);
    free(r);
    st->modifying_run = NULL;
    st->ctx.stmt_worktables = NULL;
}

static int run_one(sunstone_stmt *st, struct ss_modifying_run *r, uint32_t i);

/* Runs the SELECT of c (a WITH query computed once for the statement) to its end, its rows
 * to *out. */
static int run_select(sunstone_stmt *c, ss_row_store **out)
{
    const ss_bound_stmt *bs = c->bound;
    ss_row_store *rows = ss_row_store_new(bs->ncols, bs->col_types);
    if (!rows)
        return ss_ctx_error(&c->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ss_op *root = NULL;
    int rc = ss_exec_start(&c->ctx, bs->plan, 0, &root);
    ss_batch *b = NULL;
    while (rc == SS_OK && (rc = ss_exec_next(&c->ctx, root, &b)) == SS_OK && b)
        rc = ss_row_store_add(&c->ctx, rows, b);
    ss_exec_finish(&c->ctx, root);
    if (rc) {
        ss_row_store_free(rows);
        return rc;
    }
    *out = rows;
    return SS_OK;
}

/* Runs the WITH queries m reads that have not run yet. */
static int run_deps(sunstone_stmt *st, struct ss_modifying_run *r, const ss_bound_modifying_cte *m)
{
    const ss_bound_stmt *bs = st->bound;
    for (uint32_t d = 0; d < m->ndeps; d++)
        for (uint32_t j = 0; j < bs->nmodifying_ctes; j++)
            if (bs->modifying_ctes[j] == m->deps[d] && run_one(st, r, j))
                return SS_ERROR;
    return SS_OK;
}

/* Runs WITH query i of st (once: nothing if it has run), after those it reads, as a statement
 * sharing st's transaction state, snapshot and parameters; its RETURNING rows to r's slot i. */
static int run_one(sunstone_stmt *st, struct ss_modifying_run *r, uint32_t i)
{
    const ss_bound_modifying_cte *m = st->bound->modifying_ctes[i];
    if (r->started[i])
        return SS_OK;
    r->started[i] = true;
    if (run_deps(st, r, m))
        return SS_ERROR;
    sunstone_stmt *c = calloc(1, sizeof *c);
    if (!c)
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    c->db = st->db;
    c->ast = m->ast;
    c->bound = m->stmt;
    c->no_params = true; /* runs once: its trees are never kept (parking.c) */
    c->sql = strdup(st->sql);
    c->sql_base = st->sql_base;
    c->sql_base_chars = st->sql_base_chars;
    c->exec_arena = ss_arena_create();
    c->tree_arena = ss_arena_create();
    c->ctx = st->ctx;
    c->ctx.arena = c->exec_arena;
    c->ctx.tree_arena = c->tree_arena;
    c->ctx.temp_files = &c->temp_files;
    c->ctx.exec_params = NULL;
    c->ctx.nexec_params = 0;
    c->ctx.subplans = NULL;
    c->ctx.nsubplans = 0;
    c->ctx.subplan_owner = NULL;
    c->ctx.lock_restart_ok = c->ctx.lock_restart = false;
    int rc = SS_OK;
    if (!c->sql || !c->exec_arena || !c->tree_arena)
        rc = ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    bool select = m->stmt->kind == AST_SELECT;
    if (rc == SS_OK && !select)
        rc = ss_txn_check_write(c, m->stmt->kind);
    if (rc == SS_OK)
        rc = select ? run_select(c, &r->rows[i]) : m->stmt->kind == AST_INSERT ? ss_run_insert(c) : ss_run_modify(c);
    if (rc == SS_OK && (select || m->stmt->returning)) {
        if (!select) {
            r->rows[i] = c->returning_rows;
            c->returning_rows = NULL;
        }
        ss_row_store_worktable(r->rows[i], &r->worktables[i].wt);
        r->worktables[i].id = m->worktable_id;
        r->worktables[i].next = st->ctx.stmt_worktables;
        st->ctx.stmt_worktables = &r->worktables[i];
    }
    ss_stmt_finalize_internal(c);
    return rc;
}

int ss_modifying_ctes_run(sunstone_stmt *st, int (*main)(sunstone_stmt *))
{
    const ss_bound_stmt *bs = st->bound;
    ast_stmt_kind k = bs->kind;
    if (k == AST_EXPLAIN && (st->ast->explain_flags & AST_EXPLAIN_ANALYZE))
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_FEATURE_NOT_SUPPORTED,
                            "feature not supported: EXPLAIN ANALYZE of a statement with data-modifying WITH queries");
    if (k == AST_EXPLAIN) /* nothing runs */
        return main(st);
    if (st->db->txn.read_only) /* PostgreSQL names the statement the WITH is on */
        return ss_ctx_error(&st->ctx, "25006", "cannot execute %s in a read-only transaction", ss_stmt_kind_name(k));
    ss_modifying_ctes_free(st);
    struct ss_modifying_run *r = calloc(1, sizeof *r);
    uint32_t n = bs->nmodifying_ctes;
    if (r) {
        r->rows = calloc(n, sizeof *r->rows);
        r->worktables = calloc(n, sizeof *r->worktables);
        r->started = calloc(n, sizeof *r->started);
        r->n = n;
    }
    st->modifying_run = r;
    if (!r || !r->rows || !r->worktables || !r->started)
        return ss_ctx_error(&st->ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    r->running = true;
    int rc = SS_OK;
    for (uint32_t i = 0; rc == SS_OK && i < n; i++)
        if (bs->modifying_ctes[i]->read)
            rc = run_one(st, r, i);
    bool modifies = k == AST_INSERT || k == AST_UPDATE || k == AST_DELETE;
    if (rc == SS_OK && modifies)
        rc = main(st);
    for (uint32_t i = n; rc == SS_OK && i-- > 0;) /* (a SELECT nothing reads never runs) */
        if (!bs->modifying_ctes[i]->read && bs->modifying_ctes[i]->stmt->kind != AST_SELECT)
            rc = run_one(st, r, i);
    r->running = false;
    if (rc == SS_OK && !modifies)
        return main(st); /* its rows are read after this returns: they stay until st stops */
    ss_modifying_ctes_free(st); /* a main INSERT / UPDATE / DELETE has its RETURNING rows */
    return rc;
}

/* Appends line to the n lines of *out (cap: their room), in ctx's arena. */
static int add_line(ss_ctx *ctx, char ***out, uint32_t *n, uint32_t *cap, char *line)
{
    if (!line)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    if (*n == *cap) {
        uint32_t c = *cap ? *cap * 2 : 16;
        char **v = ss_arena_alloc(ctx->arena, sizeof *v * c);
        if (!v)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        if (*n)
            memcpy(v, *out, sizeof *v * *n);
        *out = v;
        *cap = c;
    }
    (*out)[(*n)++] = line;
    return SS_OK;
}

/* The section of WITH query m: "  CTE name", "    ->  Delete on t", its query's plan below. */
static int explain_one(sunstone_stmt *st, const ss_bound_modifying_cte *m, char ***out, uint32_t *n, uint32_t *cap)
{
    ss_ctx *ctx = &st->ctx;
    const ss_bound_stmt *d = m->stmt;
    const char *verb = d->kind == AST_INSERT ? "Insert" : d->kind == AST_UPDATE ? "Update" : "Delete";
    bool select = d->kind == AST_SELECT; /* its plan's top node right under the CTE line */
    ss_op *root = NULL;
    char **plan = NULL;
    uint32_t nplan = 0;
    int rc = ss_exec_start(ctx, d->plan, SS_OPEN_EXPLAIN_ONLY, &root);
    if (rc == SS_OK)
        rc = ss_exec_explain_with(ctx, root, st->ast->explain_flags & AST_EXPLAIN_COSTS, &plan, &nplan);
    ss_exec_finish(ctx, root);
    if (rc == SS_OK)
        rc = add_line(ctx, out, n, cap, ss_arena_printf(ctx->arena, "  CTE %s", m->name));
    if (rc == SS_OK && !select)
        rc = add_line(ctx, out, n, cap, ss_arena_printf(ctx->arena, "    ->  %s on %s", verb, d->table->name));
    const char *first = select ? "    ->  " : "          ->  ", *rest = select ? "        " : "              ";
    for (uint32_t i = 0; rc == SS_OK && i < nplan; i++)
        rc = add_line(ctx, out, n, cap, ss_arena_printf(ctx->arena, "%s%s", i == 0 ? first : rest, plan[i]));
    return rc;
}

int ss_modifying_ctes_explain(sunstone_stmt *st, char ***lines, uint32_t *n)
{
    const ss_bound_stmt *bs = st->bound;
    char **out = NULL;
    uint32_t nout = 0, cap = 0;
    if (*n && add_line(&st->ctx, &out, &nout, &cap, (*lines)[0]))
        return SS_ERROR;
    for (uint32_t i = 0; i < bs->nmodifying_ctes; i++)
        if (explain_one(st, bs->modifying_ctes[i], &out, &nout, &cap))
            return SS_ERROR;
    for (uint32_t i = 1; i < *n; i++)
        if (add_line(&st->ctx, &out, &nout, &cap, (*lines)[i]))
            return SS_ERROR;
    *lines = out;
    *n = nout;
    return SS_OK;
}

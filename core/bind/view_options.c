/* view_options.c — CREATE VIEW's options (WITH (...) and WITH ... CHECK OPTION, kept in the
 * view's statement text, sql/parse_view_options.c) as PostgreSQL's view_reloptions accepts
 * them: check_option (local | cascaded), security_barrier and security_invoker (Booleans as
 * parse_bool reads them), 22023 otherwise; and the reloptions text \d+ shows ("Options:").
 * security_barrier = true makes the view's query a barrier (bind_view.c marks its top
 * projection, the planner pushes no outer condition below it).  security_invoker is accepted either way: Sunstone has one
 * role and no privileges, so the invoker's and the owner's checks are the same. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bind/binder_internal.h"
#include "bind/view_options.h"
#include "util/arena.h"
#include "util/strbuf.h"

/* PostgreSQL's parse_bool: a prefix of true / false / yes / no, on / off (two letters at
 * least), 1 / 0; case-insensitive. */
static bool parse_bool(const char *s, bool *out)
{
    size_t n = strlen(s);
    struct { const char *word; size_t min; bool value; } words[] = {
        {"true", 1, true}, {"false", 1, false}, {"yes", 1, true}, {"no", 1, false},
        {"on", 2, true},   {"off", 2, false},   {"1", 1, true},   {"0", 1, false}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (n >= words[i].min && n <= strlen(words[i].word) && strncasecmp(s, words[i].word, n) == 0) {
            *out = words[i].value;
            return true;
        }
    return false;
}

int bind_view_options(binder *b, const ast_stmt *st)
{
    static const char *const known[] = {"check_option", "security_barrier", "security_invoker"};
    bool seen[3] = {false, false, false};
    for (uint32_t i = 0; i < st->nview_opts; i++) {
        const char *name = st->view_opt_names[i], *value = st->view_opt_values[i];
        int k = -1;
        for (int j = 0; j < 3; j++)
            if (strcmp(name, known[j]) == 0)
                k = j;
        if (k < 0)
            return bind_error(b, -1, "22023", "unrecognized parameter \"%s\"", name);
        if (seen[k])
            return bind_error(b, -1, "22023", "parameter \"%s\" specified more than once", name);
        seen[k] = true;
        if (k == 0) {
            if (strcasecmp(value, "local") != 0 && strcasecmp(value, "cascaded") != 0) {
                bind_error(b, -1, "22023", "invalid value for enum option \"%s\": %s", name, value);
                ss_ctx_error_detail(b->ctx, "Valid values are \"local\" and \"cascaded\".");
                return SS_ERROR;
            }
            continue;
        }
        bool on;
        if (!parse_bool(value, &on))
            return bind_error(b, -1, "22023", "invalid value for boolean option \"%s\": %s", name, value);
    }
    return SS_OK;
}

bool bind_view_is_barrier(const ast_stmt *st)
{
    bool on = false;
    for (uint32_t i = 0; i < st->nview_opts; i++)
        if (strcmp(st->view_opt_names[i], "security_barrier") == 0 && !parse_bool(st->view_opt_values[i], &on))
            on = false;
    return on;
}

bool bind_view_has_check_option(const ast_stmt *st)
{
    for (uint32_t i = 0; i < st->nview_opts; i++)
        if (strcmp(st->view_opt_names[i], "check_option") == 0)
            return true;
    return false;
}

int ss_view_options_text(ss_ctx *ctx, const ss_view *v, char **out)
{
    *out = NULL;
    ss_arena *a = ss_arena_create();
    if (!a)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    ast_stmt **stmts;
    uint32_t n;
    ast_parse_error perr;
    int rc = SS_OK;
    if (ss_parse(a, v->sql, &stmts, &n, &perr) || n != 1 || stmts[0]->kind != AST_CREATE_VIEW)
        rc = ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "the query of view \"%s\" cannot be read back", v->name);
    if (rc == SS_OK && stmts[0]->nview_opts) {
        ss_strbuf sb;
        ss_strbuf_init(&sb);
        for (uint32_t i = 0; i < stmts[0]->nview_opts; i++) {
            if (i)
                ss_strbuf_puts(&sb, ", ");
            ss_strbuf_puts(&sb, stmts[0]->view_opt_names[i]);
            ss_strbuf_putc(&sb, '=');
            ss_strbuf_puts(&sb, stmts[0]->view_opt_values[i]);
        }
        if (sb.oom)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        else
            *out = ss_strbuf_steal(&sb);
        ss_strbuf_free(&sb);
    }
    ss_arena_destroy(a);
    return rc;
}

/* Drops the options named in names[0..n) from o[0..*len) (PostgreSQL's transformRelOptions
 * keeping the old options no new one names). */
static void drop_named(const char **on, const char **ov, uint32_t *len, const char *const *names, uint32_t n)
{
    uint32_t kept = 0;
    for (uint32_t i = 0; i < *len; i++) {
        bool named = false;
        for (uint32_t j = 0; !named && j < n; j++)
            named = strcmp(on[i], names[j]) == 0;
        if (!named)
            on[kept] = on[i], ov[kept++] = ov[i];
    }
    *len = kept;
}

int ss_view_options_alter(ss_ctx *ctx, const ss_view *v, const ast_alter_cmd *cmds, uint32_t ncmds, ss_arena *arena,
                          const char ***names, const char ***values, uint32_t *n)
{
    ast_stmt **stmts;
    uint32_t nst;
    ast_parse_error perr;
    if (ss_parse(arena, v->sql, &stmts, &nst, &perr) || nst != 1 || stmts[0]->kind != AST_CREATE_VIEW)
        return ss_ctx_error(ctx, SS_SQLSTATE_INTERNAL_ERROR, "the query of view \"%s\" cannot be read back", v->name);
    ast_stmt st = *stmts[0];
    uint32_t cap = st.nview_opts, len = st.nview_opts;
    for (uint32_t i = 0; i < ncmds; i++)
        cap += cmds[i].nopts;
    const char **on = ss_arena_alloc(arena, sizeof(char *) * (cap ? cap : 1));
    const char **ov = ss_arena_alloc(arena, sizeof(char *) * (cap ? cap : 1));
    if (!on || !ov)
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < len; i++)
        on[i] = st.view_opt_names[i], ov[i] = st.view_opt_values[i];
    for (uint32_t i = 0; i < ncmds; i++) {
        const ast_alter_cmd *a = &cmds[i];
        for (uint32_t j = 0; a->reset_opts && j < a->nopts; j++)
            if (a->opt_values[j])
                return ss_ctx_error(ctx, "22023", "RESET must not include values for parameters");
        drop_named(on, ov, &len, a->opt_names, a->nopts);
        for (uint32_t j = 0; !a->reset_opts && j < a->nopts; j++)
            on[len] = a->opt_names[j], ov[len++] = a->opt_values[j];
    }
    /* the result checked as CREATE VIEW's options (view_reloptions), then its check option */
    binder b;
    memset(&b, 0, sizeof b);
    b.ctx = ctx;
    b.catalog = ctx->catalog;
    b.settings = ctx->settings;
    b.arena = arena;
    b.no_params = true;
    st.view_opt_names = on;
    st.view_opt_values = ov;
    st.nview_opts = len;
    if (bind_view_options(&b, &st) || bind_view_check_option_allowed(&b, &st))
        return SS_ERROR;
    *names = on;
    *values = ov;
    *n = len;
    return SS_OK;
}

/* meta.c — executes backslash meta-commands as psql does: the command consumes the
 * arguments it needs, the rest are reported as ignored; unknown commands are errors. */
#include "meta.h"

#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "conditional.h"
#include "copy.h"
#include "describe.h"
#include "exec.h"
#include "help.h"
#include "pset.h"
#include "report.h"
#include "script.h"
#include "xalloc.h"

/* Arguments of the command being run, consumed left to right. */
typedef struct arg_cursor {
    const meta_command *cmd;
    size_t next;
} arg_cursor;

static const char *next_arg(arg_cursor *a)
{
    return a->next < a->cmd->nargs ? a->cmd->args[a->next++] : NULL;
}

static void status_line(shell *sh, const char *fmt, const char *value)
{
    if (sh->quiet)
        return;
    FILE *con = shell_console(sh);
    fprintf(con, fmt, value);
    fputc('\n', con);
    fflush(con);
}

static meta_status cmd_timing(shell *sh, arg_cursor *a)
{
    const char *v = next_arg(a);
    meta_status st = META_OK;
    if (v) {
        bool b;
        if (parse_bool(v, &b)) {
            sh->timing = b;
        } else {
            report_error(sh, "unrecognized value \"%s\" for \"\\timing\": Boolean expected", v);
            st = META_ERROR;
        }
    } else {
        sh->timing = !sh->timing;
    }
    status_line(sh, "%s", sh->timing ? "Timing is on." : "Timing is off.");
    return st;
}

static meta_status cmd_tuples_only(shell *sh, arg_cursor *a)
{
    const char *v = next_arg(a);
    if (v) {
        bool b;
        if (!parse_bool(v, &b)) {
            report_error(sh, "unrecognized value \"%s\" for \"tuples_only\": Boolean expected", v);
            return META_ERROR;
        }
        sh->popt.tuples_only = b;
        return META_OK;
    }
    sh->popt.tuples_only = !sh->popt.tuples_only;
    status_line(sh, "%s", sh->popt.tuples_only ? "Tuples only is on." : "Tuples only is off.");
    return META_OK;
}

/* \pset [name [value]] */
static meta_status cmd_pset(shell *sh, arg_cursor *a)
{
    const char *name = next_arg(a);
    if (!name) {
        pset_show_all(sh);
        return META_OK;
    }
    return pset_apply(sh, name, next_arg(a)) ? META_OK : META_ERROR;
}

static meta_status cmd_fieldsep(shell *sh, arg_cursor *a)
{
    const char *v = next_arg(a);
    if (v)
        shell_set_fieldsep(sh, v);
    status_line(sh, "Field separator is \"%s\".", sh->fieldsep);
    return META_OK;
}

/* \echo, \qecho and \warn: the arguments joined by spaces ("-n" first: no newline) to out. */
static meta_status echo_to(FILE *out, arg_cursor *a)
{
    bool newline = true;
    bool printed = false;
    const char *v;
    while ((v = next_arg(a))) {
        if (a->next == 1 && strcmp(v, "-n") == 0) {
            newline = false;
            continue;
        }
        if (printed)
            fputc(' ', out);
        fputs(v, out);
        printed = true;
    }
    if (newline)
        fputc('\n', out);
    fflush(out);
    return META_OK;
}

static meta_status cmd_echo(shell *sh, arg_cursor *a)
{
    return echo_to(shell_console(sh), a);
}

static meta_status cmd_include(shell *sh, arg_cursor *a, bool relative)
{
    const char *name = next_arg(a);
    if (!name) {
        report_error(sh, "\\%s: missing required argument", a->cmd->name);
        return META_ERROR;
    }
    char *path;
    if (relative && name[0] != '/' && sh->inputfile && strcmp(sh->inputfile, "<stdin>") != 0) {
        char *copy = xstrdup(sh->inputfile);
        buf b;
        buf_init(&b);
        buf_printf(&b, "%s/%s", dirname(copy), name);
        path = buf_detach(&b);
        buf_free(&b);
        free(copy);
    } else {
        path = xstrdup(name);
    }
    if (sh->include_depth >= SHELL_MAX_INCLUDE_DEPTH) {
        report_error(sh, "%s: include nesting too deep", path);
        free(path);
        return META_ERROR;
    }
    sh->include_depth++;
    int rc = script_run_file(sh, path);
    sh->include_depth--;
    free(path);
    return rc == EXIT_OK ? META_OK : META_ERROR;
}

static meta_status cmd_set(shell *sh, arg_cursor *a)
{
    const char *name = next_arg(a);
    if (!name) {
        for (size_t i = 0; i < sh->vars.n; i++)
            fprintf(shell_console(sh), "%s = '%s'\n", sh->vars.items[i].name, sh->vars.items[i].value);
        fflush(shell_console(sh));
        return META_OK;
    }
    buf value;
    buf_init(&value);
    const char *v;
    while ((v = next_arg(a)))
        buf_puts(&value, v);
    bool ok = shell_set_var(sh, name, value.data);
    buf_free(&value);
    return ok ? META_OK : META_ERROR;
}

static meta_status cmd_unset(shell *sh, arg_cursor *a)
{
    const char *name = next_arg(a);
    if (!name) {
        report_error(sh, "\\%s: missing required argument", a->cmd->name);
        return META_ERROR;
    }
    return shell_set_var(sh, name, NULL) ? META_OK : META_ERROR;
}

/* Sends the query buffer, or the previous query when it is empty, with the output going to
 * target: NULL for the usual output, a file name, or "|command" to pipe into a command. */
static meta_status run_buffer(shell *sh, splitter *sp, const char *target)
{
    char *query;
    if (sp && splitter_has_content(sp))
        query = xstrdup(splitter_query(sp));
    else if (sh->last_query)
        query = xstrdup(sh->last_query);
    else
        return META_OK;
    if (sp)
        splitter_next_query(sp);
    free(sh->last_query);
    sh->last_query = xstrdup(query);

    FILE *saved = sh->out;
    FILE *dest = NULL;
    bool is_pipe = false;
    if (target) {
        fflush(sh->out);
        is_pipe = target[0] == '|';
        dest = is_pipe ? popen(target + 1, "w") : fopen(target, "w");
        if (!dest) {
            report_error(sh, "%s: %s", is_pipe ? target + 1 : target, strerror(errno));
            free(query);
            return META_ERROR;
        }
        sh->out = dest;
    }
    bool ok = exec_sql(sh, query);
    if (dest) {
        sh->out = saved;
        if (is_pipe)
            pclose(dest);
        else
            fclose(dest);
    }
    free(query);
    return ok ? META_OK : META_ERROR;
}

/* \g [FILE] or \g |COMMAND (the rest of the line is the command). */
static meta_status cmd_go(shell *sh, arg_cursor *a, splitter *sp)
{
    buf target_text;
    buf_init(&target_text);
    const char *target = next_arg(a);
    if (target && target[0] == '|') {
        buf_puts(&target_text, target);
        const char *word;
        while ((word = next_arg(a)))
            buf_printf(&target_text, " %s", word);
        target = target_text.data;
    }
    meta_status st = run_buffer(sh, sp, target);
    buf_free(&target_text);
    return st;
}

static meta_status cmd_print(shell *sh, splitter *sp)
{
    if (sp && !splitter_is_empty(sp))
        fprintf(sh->out, "%s\n", splitter_query(sp));
    else if (sh->last_query)
        fprintf(sh->out, "%s\n", sh->last_query);
    else if (!sh->quiet)
        fputs("Query buffer is empty.\n", sh->out);
    fflush(sh->out);
    return META_OK;
}

static meta_status cmd_reset(shell *sh, splitter *sp)
{
    if (sp)
        splitter_next_query(sp);
    status_line(sh, "%s", "Query buffer reset (cleared).");
    return META_OK;
}

/* \d, \dt, \dv, \dm, \ds, \di, \dn, \dx with optional S and + modifiers.  Returns false when name is none of them. */
static bool cmd_describe(shell *sh, arg_cursor *a, meta_status *st)
{
    const char *name = a->cmd->name;
    if (name[0] != 'd')
        return false;
    char kind = name[1];
    const char *mods = name + 1;
    if (kind == 't' || kind == 'v' || kind == 'm' || kind == 'x' || kind == 's' || kind == 'i' || kind == 'n' ||
        kind == 'f' || kind == 'T')
        mods++;
    else
        kind = 0;
    bool verbose = false, system = false;
    for (const char *m = mods; *m; m++) {
        if (*m == '+')
            verbose = true;
        else if (*m == 'S')
            system = true;
        else
            return false;
    }
    const char *pattern = next_arg(a);
    bool ok;
    if ((kind == 'f' || kind == 'T') && system) {
        report_error(sh, "\\d%c%s: listing built-in %s is not supported by sunstone", kind, "S",
                     kind == 'f' ? "functions" : "types");
        *st = META_ERROR;
        return true;
    }
    if (kind == 'T')
        ok = describe_types(sh, pattern, verbose);
    else if (kind == 'f')
        ok = describe_empty_listing(sh, kind, verbose); /* no user-defined ones exist */
    else if (kind == 'n')
        ok = describe_schemas(sh, pattern, system);
    else if (kind == 'x')
        ok = describe_plugins(sh, pattern);
    else if (kind == 'i')
        ok = describe_list_indexes(sh, pattern, verbose);
    else if (kind == 't' || kind == 'v' || kind == 'm' || kind == 's' || !pattern)
        ok = describe_list_tables(sh, pattern, verbose,
                                  kind == 't'   ? "table"
                                  : kind == 'v' ? "view"
                                  : kind == 'm' ? "materialized view"
                                  : kind == 's' ? "sequence"
                                                : NULL);
    else
        ok = describe_tables(sh, pattern, verbose);
    *st = ok ? META_OK : META_ERROR;
    return true;
}

/* \if / \elif expression: the arguments joined by spaces, as a psql boolean.  An unreadable
   one is an error and counts as false. */
static bool eval_condition(shell *sh, arg_cursor *a, bool *ok)
{
    buf expr;
    buf_init(&expr);
    const char *v;
    while ((v = next_arg(a)))
        buf_printf(&expr, "%s%s", expr.len ? " " : "", v);
    bool b = false;
    *ok = true;
    if (!expr.len) {
        report_error(sh, "\\%s: missing required argument", a->cmd->name);
        *ok = false;
    } else if (!parse_bool(expr.data, &b)) {
        report_error(sh, "unrecognized value \"%s\" for \"\\if expression\": Boolean expected", expr.data);
        *ok = false;
        b = false;
    }
    buf_free(&expr);
    return b;
}

static meta_status cond_result(shell *sh, const char *err, bool ok)
{
    if (err) {
        report_error(sh, "%s", err);
        return META_ERROR;
    }
    return ok ? META_OK : META_ERROR;
}

/* \if, \elif, \else, \endif on the current input's stack; true when name is one of them. */
static bool cmd_conditional(shell *sh, arg_cursor *a, meta_status *st)
{
    const char *n = a->cmd->name;
    cond_stack *c = sh->cond;
    bool ok = true;
    if (strcmp(n, "if") == 0) {
        bool v = cond_active(c) ? eval_condition(sh, a, &ok) : false;
        *st = cond_result(sh, cond_if(c, v), ok);
    } else if (strcmp(n, "elif") == 0) {
        bool v = cond_elif_evaluates(c) ? eval_condition(sh, a, &ok) : false;
        *st = cond_result(sh, cond_elif(c, v), ok);
    } else if (strcmp(n, "else") == 0) {
        *st = cond_result(sh, cond_else(c), true);
    } else if (strcmp(n, "endif") == 0) {
        *st = cond_result(sh, cond_endif(c), true);
    } else {
        return false;
    }
    while (next_arg(a)) /* a skipped \if's expression, or words after \else: not reported */
        ;
    return true;
}

/* \o [FILE | |COMMAND]: query output to a file or a command, or back to where it was. */
static meta_status cmd_output(shell *sh, arg_cursor *a)
{
    buf target;
    buf_init(&target);
    const char *v = next_arg(a);
    if (v && v[0] == '|') {
        buf_puts(&target, v);
        const char *word;
        while ((word = next_arg(a)))
            buf_printf(&target, " %s", word);
    } else if (v) {
        buf_puts(&target, v);
    }
    fflush(sh->out);
    shell_close_output(sh);
    meta_status st = META_OK;
    if (target.len) {
        bool pipe = target.data[0] == '|';
        FILE *f = pipe ? popen(target.data + 1, "w") : fopen(target.data, "w");
        if (!f) {
            report_error(sh, "%s: %s", pipe ? target.data + 1 : target.data, strerror(errno));
            st = META_ERROR;
        } else {
            sh->console = sh->out;
            sh->out = f;
            sh->out_is_pipe = pipe;
        }
    }
    buf_free(&target);
    return st;
}

/* \! [COMMAND]: runs the command (or an interactive shell) through /bin/sh. */
static meta_status cmd_shell_escape(shell *sh, arg_cursor *a)
{
    buf command;
    buf_init(&command);
    const char *word;
    while ((word = next_arg(a)))
        buf_printf(&command, "%s%s", command.len ? " " : "", word);
    if (!command.len) {
        const char *shell_path = getenv("SHELL");
        buf_puts(&command, shell_path ? shell_path : "/bin/sh");
    }
    fflush(sh->out);
    fflush(shell_console(sh));
    int rc = system(command.data);
    buf_free(&command);
    if (rc == -1) {
        report_error(sh, "\\!: failed");
        return META_ERROR;
    }
    return META_OK;
}

/* \gx [FILE]: \g with expanded output for this query. */
static meta_status cmd_go_expanded(shell *sh, arg_cursor *a, splitter *sp)
{
    print_expanded saved = sh->popt.expanded;
    sh->popt.expanded = EXPANDED_ON;
    meta_status st = cmd_go(sh, a, sp);
    sh->popt.expanded = saved;
    return st;
}

/* \gexec: sends the buffer and runs each value of its result as a statement. */
static meta_status cmd_gexec(shell *sh, splitter *sp)
{
    sh->gexec = true;
    meta_status st = run_buffer(sh, sp, NULL);
    sh->gexec = false;
    return st;
}

/* \encoding [NAME]: shows the client encoding, or sets it (SET client_encoding). */
static meta_status cmd_encoding(shell *sh, arg_cursor *a)
{
    const char *name = next_arg(a);
    result_table t;
    if (!name) {
        if (!exec_collect(sh, "SHOW client_encoding", &t))
            return META_ERROR;
        if (t.nrows == 1 && table_cell(&t, 0, 0))
            fprintf(sh->out, "%s\n", table_cell(&t, 0, 0));
        table_free(&t);
        fflush(sh->out);
        return META_OK;
    }
    buf sql;
    buf_init(&sql);
    buf_puts(&sql, "SET client_encoding = '");
    for (const char *c = name; *c; c++) {
        if (*c == '\'')
            buf_putc(&sql, '\'');
        buf_putc(&sql, *c);
    }
    buf_puts(&sql, "'");
    bool ok = exec_collect(sh, sql.data, &t);
    buf_free(&sql);
    if (!ok)
        return META_ERROR;
    table_free(&t);
    return META_OK;
}

/* \gset [PREFIX]: sends the buffer and stores its only row in variables. */
static meta_status cmd_gset(shell *sh, arg_cursor *a, splitter *sp)
{
    const char *prefix = next_arg(a);
    sh->gset_prefix = prefix ? prefix : "";
    meta_status st = run_buffer(sh, sp, NULL);
    sh->gset_prefix = NULL;
    return st;
}

meta_status meta_execute(shell *sh, const meta_command *cmd, splitter *sp)
{
    arg_cursor a = {cmd, 0};
    const char *n = cmd->name;
    meta_status st = META_OK;

    if (sh->cond && cmd_conditional(sh, &a, &st))
        return st;
    if (sh->cond && !cond_active(sh->cond))
        return META_OK; /* inside a branch not taken: skipped with its arguments */

    if (strcmp(n, "q") == 0 || strcmp(n, "quit") == 0)
        st = META_QUIT;
    else if (strcmp(n, "?") == 0) {
        help_meta_commands(shell_console(sh));
        fflush(shell_console(sh));
    } else if (strcmp(n, "timing") == 0)
        st = cmd_timing(sh, &a);
    else if (strcmp(n, "a") == 0) /* psql: anything but aligned becomes aligned */
        st = pset_apply(sh, "format", sh->popt.format != PRINT_ALIGNED || sh->wrapped ? "aligned" : "unaligned")
                 ? META_OK
                 : META_ERROR;
    else if (strcmp(n, "gx") == 0)
        st = cmd_go_expanded(sh, &a, sp);
    else if (strcmp(n, "gset") == 0)
        st = cmd_gset(sh, &a, sp);
    else if (strcmp(n, "o") == 0 || strcmp(n, "out") == 0)
        st = cmd_output(sh, &a);
    else if (strcmp(n, "qecho") == 0)
        st = echo_to(sh->out, &a);
    else if (strcmp(n, "warn") == 0)
        st = echo_to(sh->err, &a);
    else if (strcmp(n, "!") == 0)
        st = cmd_shell_escape(sh, &a);
    else if (strcmp(n, "pset") == 0)
        st = cmd_pset(sh, &a);
    else if (strcmp(n, "x") == 0)
        st = pset_apply(sh, "expanded", next_arg(&a)) ? META_OK : META_ERROR;
    else if (strcmp(n, "C") == 0)
        st = pset_apply(sh, "title", next_arg(&a)) ? META_OK : META_ERROR;
    else if (strcmp(n, "H") == 0 || strcmp(n, "html") == 0)
        st = pset_apply(sh, "format", "html") ? META_OK : META_ERROR;
    else if (strcmp(n, "t") == 0)
        st = cmd_tuples_only(sh, &a);
    else if (strcmp(n, "f") == 0)
        st = cmd_fieldsep(sh, &a);
    else if (strcmp(n, "echo") == 0)
        st = cmd_echo(sh, &a);
    else if (strcmp(n, "i") == 0 || strcmp(n, "include") == 0)
        st = cmd_include(sh, &a, false);
    else if (strcmp(n, "ir") == 0 || strcmp(n, "include_relative") == 0)
        st = cmd_include(sh, &a, true);
    else if (strcmp(n, "set") == 0)
        st = cmd_set(sh, &a);
    else if (strcmp(n, "unset") == 0)
        st = cmd_unset(sh, &a);
    else if (strcmp(n, "g") == 0)
        st = cmd_go(sh, &a, sp);
    else if (strcmp(n, "gexec") == 0)
        st = cmd_gexec(sh, sp);
    else if (strcmp(n, "encoding") == 0)
        st = cmd_encoding(sh, &a);
    else if (strcmp(n, "p") == 0 || strcmp(n, "print") == 0)
        st = cmd_print(sh, sp);
    else if (strcmp(n, "r") == 0 || strcmp(n, "reset") == 0)
        st = cmd_reset(sh, sp);
    else if (!cmd_describe(sh, &a, &st)) {
        report_error(sh, "invalid command \\%s", n);
        if (sh->interactive)
            report_hint_line(sh, "Try \\? for help.");
        return META_ERROR;
    }

    if (st != META_ERROR) {
        const char *extra;
        while ((extra = next_arg(&a)))
            report_warning(sh, "\\%s: extra argument \"%s\" ignored", n, extra);
    }
    return st;
}

meta_status meta_execute_string(shell *sh, const char *text)
{
    size_t copy_len;
    bool copy_ok;
    if (copy_meta(sh, text, &copy_len, &copy_ok)) /* \copy takes the whole text */
        return copy_ok ? META_OK : META_ERROR;
    meta_command cmd;
    meta_parse(text, shell_lookup_var, sh, &cmd);
    meta_status st = meta_execute(sh, &cmd, NULL);
    meta_command_free(&cmd);
    return st;
}

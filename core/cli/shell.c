/* shell.c — session state of the sunstone shell and the side effects of its special
 * variables: ON_ERROR_STOP, ON_TRANSACTION_STOP and QUIET take psql's boolean syntax ("\set X"
 * means on, \unset means off) and are mirrored into the session flags; VERBOSITY and
 * SHOW_CONTEXT take one of psql's words (any case; \unset restores the default). */
#include "shell.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "report.h"

void shell_init(shell *sh)
{
    memset(sh, 0, sizeof *sh);
    sh->out = stdout;
    sh->err = stderr;
    print_opts_init(&sh->popt);
    snprintf(sh->recordsep, sizeof sh->recordsep, "\n");
    sh->popt.recordsep = sh->recordsep;
    sh->pager = 1;
    sh->on_txn_stop = true;
    sh->context = SHOW_CONTEXT_ERRORS;
    shell_set_fieldsep(sh, "|");
    vars_init(&sh->vars);
}

FILE *shell_console(const shell *sh)
{
    return sh->console ? sh->console : sh->out;
}

void shell_close_output(shell *sh)
{
    if (!sh->console)
        return;
    if (sh->out_is_pipe)
        pclose(sh->out);
    else
        fclose(sh->out);
    sh->out = sh->console;
    sh->console = NULL;
    sh->out_is_pipe = false;
}

void shell_free(shell *sh)
{
    shell_close_output(sh); /* an \o still open */
    vars_free(&sh->vars);
    free(sh->null_display);
    free(sh->title);
    sh->null_display = sh->title = NULL;
    free(sh->last_query);
    sh->last_query = NULL;
}

void shell_set_fieldsep(shell *sh, const char *sep)
{
    snprintf(sh->fieldsep, sizeof sh->fieldsep, "%s", sep);
    sh->popt.fieldsep = sh->fieldsep;
}

static bool *bool_flag(shell *sh, const char *name)
{
    if (strcmp(name, "ON_ERROR_STOP") == 0)
        return &sh->on_error_stop;
    if (strcmp(name, "ON_TRANSACTION_STOP") == 0)
        return &sh->on_txn_stop;
    if (strcmp(name, "QUIET") == 0)
        return &sh->quiet;
    return NULL;
}

bool shell_var_is_special(const char *name)
{
    static const char *const special[] = {"ON_ERROR_STOP", "ON_TRANSACTION_STOP", "QUIET", "VERBOSITY",
                                          "SHOW_CONTEXT"};
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
        if (strcmp(name, special[i]) == 0)
            return true;
    return false;
}

/* VERBOSITY and SHOW_CONTEXT: words in the order of their enums, and the default. */
static const char *const verbosity_words[] = {"default", "verbose", "terse", "sqlstate"};
static const char *const context_words[] = {"never", "errors", "always"};

/* Applies an enumerated variable.  Returns false when name is not one; otherwise sets *ok
 * (false after reporting a bad value).  Unsetting (*value NULL) stores the default word, as
 * psql does; a value is stored as typed. */
static bool set_enum_var(shell *sh, const char *name, const char **value, bool *ok)
{
    const char *const *words;
    size_t nwords;
    int fallback;
    if (strcmp(name, "VERBOSITY") == 0) {
        words = verbosity_words;
        nwords = sizeof verbosity_words / sizeof verbosity_words[0];
        fallback = VERBOSITY_DEFAULT;
    } else if (strcmp(name, "SHOW_CONTEXT") == 0) {
        words = context_words;
        nwords = sizeof context_words / sizeof context_words[0];
        fallback = SHOW_CONTEXT_ERRORS;
    } else {
        return false;
    }
    int chosen = -1;
    if (!*value) {
        chosen = fallback;
        *value = words[chosen];
    }
    for (size_t i = 0; chosen < 0 && i < nwords; i++)
        if (strcasecmp(*value, words[i]) == 0)
            chosen = (int)i;
    if (chosen < 0) {
        report_error(sh, "unrecognized value \"%s\" for \"%s\"", *value, name);
        buf list;
        buf_init(&list);
        buf_puts(&list, "Available values are: ");
        for (size_t i = 0; i < nwords; i++)
            buf_printf(&list, "%s%s", i ? ", " : "", words[i]);
        buf_putc(&list, '.');
        report_hint_line(sh, list.data);
        buf_free(&list);
        *ok = false;
        return true;
    }
    if (words == verbosity_words)
        sh->verbosity = (verbosity)chosen;
    else
        sh->context = (show_context)chosen;
    *ok = true;
    return true;
}

bool shell_set_var(shell *sh, const char *name, const char *value)
{
    if (!var_name_valid(name)) {
        report_error(sh, "invalid variable name: \"%s\"", name);
        return false;
    }
    bool *flag = bool_flag(sh, name);
    if (flag) {
        if (!value)
            value = "off";
        else if (!*value)
            value = "on";
        bool b;
        if (!parse_bool(value, &b)) {
            report_error(sh, "unrecognized value \"%s\" for \"%s\": Boolean expected", value, name);
            return false;
        }
        *flag = b;
    }
    bool enum_ok;
    if (set_enum_var(sh, name, &value, &enum_ok) && !enum_ok)
        return false;
    if (value)
        vars_set(&sh->vars, name, value);
    else
        vars_unset(&sh->vars, name);
    return true;
}

const char *shell_lookup_var(void *arg, const char *name)
{
    const shell *sh = arg;
    return vars_get(&sh->vars, name);
}

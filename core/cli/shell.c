/* shell.c — session state of the sunstone shell and the side effects of its special
 * variables: ON_ERROR_STOP, ON_TRANSACTION_STOP and QUIET take psql's boolean syntax ("\set X"
 * means on, \unset means off) and are mirrored into the session flags. */
#include "shell.h"

#include <stdlib.h>
#include <string.h>

#include "report.h"

void shell_init(shell *sh)
{
    memset(sh, 0, sizeof *sh);
    sh->out = stdout;
    sh->err = stderr;
    sh->popt.aligned = true;
    sh->popt.tuples_only = false;
    sh->on_txn_stop = true;
    shell_set_fieldsep(sh, "|");
    vars_init(&sh->vars);
}

void shell_free(shell *sh)
{
    vars_free(&sh->vars);
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

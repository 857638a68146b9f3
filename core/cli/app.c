/* app.c — the sunstone shell's program flow: parses options, opens the database (in memory
 * without DBPATH), sets -v variables, reads ~/.sunstonerc unless -X, then runs the -c/-f
 * actions in order, or the interactive prompt on a terminal, or piped standard input.
 * Exit codes follow psql: 0 ok, 1 failure, 2 database could not be opened, 3 ON_ERROR_STOP
 * (after a failed action the exit code is that of the last action run); a refused
 * transaction statement ends the actions with 3 as well (see exec.c). */
#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "copy.h"
#include "exec.h"
#include "help.h"
#include "meta.h"
#include "options.h"
#include "repl.h"
#include "report.h"
#include "script.h"
#include "pset.h"
#include "shell.h"
#include "sunstone.h"
#include "xalloc.h"

static bool apply_assignment(shell *sh, const char *assignment)
{
    const char *eq = strchr(assignment, '=');
    if (!eq)
        return shell_set_var(sh, assignment, NULL);
    char *name = xstrndup(assignment, (size_t)(eq - assignment));
    bool ok = shell_set_var(sh, name, eq + 1);
    free(name);
    return ok;
}

static void run_rc_file(shell *sh)
{
    const char *home = getenv("HOME");
    if (!home || !*home)
        return;
    buf path;
    buf_init(&path);
    buf_printf(&path, "%s/.sunstonerc", home);
    if (access(path.data, R_OK) == 0)
        script_run_file(sh, path.data);
    sh->txn_stopped = false; /* it ended the startup file only */
    buf_free(&path);
}

static int run_actions(shell *sh, const cli_options *opts)
{
    int rc = EXIT_OK;
    for (size_t i = 0; i < opts->nactions; i++) {
        const cli_action *a = &opts->actions[i];
        switch (a->kind) {
        case ACTION_SQL:
            sh->terse = true;
            rc = exec_sql(sh, a->value) ? EXIT_OK : EXIT_FAIL;
            break;
        case ACTION_META:
            sh->terse = true;
            rc = meta_execute_string(sh, a->value) == META_ERROR ? EXIT_FAIL : EXIT_OK;
            break;
        case ACTION_FILE:
            rc = script_run_file(sh, a->value);
            break;
        }
        if (rc != EXIT_OK && sh->txn_stopped) {
            rc = EXIT_USER;
            break;
        }
        if (rc != EXIT_OK && sh->on_error_stop)
            break;
    }
    return rc;
}

int shell_main(int argc, char **argv)
{
    cli_options opts;
    buf err;
    buf_init(&err);
    if (!options_parse(argc, argv, &opts, &err)) {
        fprintf(stderr, "sunstone: %s\n", err.data);
        fprintf(stderr, "sunstone: hint: Try \"sunstone --help\" for more information.\n");
        buf_free(&err);
        return EXIT_FAIL;
    }
    buf_free(&err);
    if (opts.help) {
        help_usage(stdout);
        options_free(&opts);
        return EXIT_OK;
    }
    if (opts.version) {
        printf("sunstone (Sunstone) %s\n", sunstone_version());
        options_free(&opts);
        return EXIT_OK;
    }

    shell sh;
    shell_init(&sh);
    sh.popt.format = opts.csv ? PRINT_CSV : opts.unaligned ? PRINT_UNALIGNED : PRINT_ALIGNED;
    if (opts.expanded)
        sh.popt.expanded = EXPANDED_ON;
    sh.popt.tuples_only = opts.tuples_only;
    if (opts.fieldsep)
        shell_set_fieldsep(&sh, opts.fieldsep);
    if (opts.recordsep) {
        snprintf(sh.recordsep, sizeof sh.recordsep, "%s", opts.recordsep);
        sh.popt.recordsep = sh.recordsep;
    }
    for (size_t i = 0; i < opts.npsets; i++) { /* -P name[=value], quietly as psql */
        char *name = xstrdup(opts.psets[i]);
        char *eq = strchr(name, '=');
        if (eq)
            *eq++ = '\0';
        bool quiet = sh.quiet;
        sh.quiet = true;
        bool ok = pset_apply(&sh, name, eq);
        sh.quiet = quiet;
        free(name);
        if (!ok) {
            shell_free(&sh);
            options_free(&opts);
            return EXIT_FAIL;
        }
    }
    if (opts.quiet)
        shell_set_var(&sh, "QUIET", "on");
    for (size_t i = 0; i < opts.nassignments; i++) {
        if (!apply_assignment(&sh, opts.assignments[i])) {
            shell_free(&sh);
            options_free(&opts);
            return EXIT_FAIL;
        }
    }
    for (size_t i = 0; i < opts.nextra; i++)
        report_warning(&sh, "extra command-line argument \"%s\" ignored", opts.extra_args[i]);

    int rc;
    if (opts.plugin_dir) {
        sunstone_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.struct_size = sizeof cfg;
        cfg.plugin_dir = opts.plugin_dir;
        rc = sunstone_open_v2(opts.dbpath, &sh.db, &cfg);
    } else {
        rc = sunstone_open(opts.dbpath, &sh.db);
    }
    if (rc != SUNSTONE_OK) {
        const char *msg = sh.db ? sunstone_errmsg(sh.db) : NULL;
        report_error(&sh, "could not open database \"%s\": %s",
                     opts.dbpath ? opts.dbpath : ":memory:", msg && *msg ? msg : "unknown error");
        if (sh.db)
            sunstone_close(sh.db);
        shell_free(&sh);
        options_free(&opts);
        return EXIT_BADCONN;
    }
    sunstone_set_notice_handler(sh.db, exec_notice_handler, &sh);
    copy_install(&sh);

    if (!opts.no_rc)
        run_rc_file(&sh);

    if (opts.nactions > 0)
        rc = run_actions(&sh, &opts);
    else if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
        rc = repl_run(&sh);
    else
        rc = script_run_stream(&sh, stdin, NULL);

    fflush(stdout);
    sunstone_close(sh.db);
    shell_free(&sh);
    options_free(&opts);
    return rc;
}

/* help.c — the shell's help texts: --help usage, the \? list of meta-commands and the text
 * shown when "help" is typed at the interactive prompt. */
#include "help.h"

void help_usage(FILE *out)
{
    fputs("sunstone is the interactive terminal of the Sunstone SQL engine.\n"
          "\n"
          "Usage:\n"
          "  sunstone [OPTION]... [DBPATH]\n"
          "\n"
          "Without DBPATH the database lives in memory.\n"
          "\n"
          "General options:\n"
          "  -c, --command=COMMAND    run only single command (SQL or internal) and exit\n"
          "  -d, --dbname=DBPATH      database file to open (same as the DBPATH argument)\n"
          "  -f, --file=FILENAME      execute commands from file, then exit (\"-\" is stdin)\n"
          "  -v, --set=, --variable=NAME=VALUE\n"
          "                           set sunstone variable NAME to VALUE\n"
          "                           (e.g., -v ON_ERROR_STOP=1)\n"
          "  -V, --version            output version information, then exit\n"
          "  -X, --no-psqlrc, --no-sunstonerc\n"
          "                           do not read startup file (~/.sunstonerc)\n"
          "      --plugin-dir=DIR     load plugins from DIR\n"
          "  -?, --help               show this help, then exit\n"
          "\n"
          "Output format options:\n"
          "  -A, --no-align           unaligned table output mode\n"
          "      --csv                CSV (Comma-Separated Values) table output mode\n"
          "  -F, --field-separator=STRING\n"
          "                           field separator for unaligned output (default: \"|\")\n"
          "  -P, --pset=VAR[=ARG]     set printing option VAR to ARG (see \\pset command)\n"
          "  -q, --quiet              run quietly (no messages, only query output)\n"
          "  -R, --record-separator=STRING\n"
          "                           record separator for unaligned output (default: newline)\n"
          "  -t, --tuples-only        print rows only\n"
          "  -x, --expanded           turn on expanded table output\n"
          "\n"
          "For more information, type \"\\?\" (for internal commands) from within sunstone.\n",
          out);
}

void help_meta_commands(FILE *out)
{
    fputs("General\n"
          "  \\q                      quit sunstone\n"
          "  \\timing [on|off]        toggle timing of commands\n"
          "\n"
          "Query Buffer\n"
          "  \\g [FILE] or ;          execute query (and send result to file or |pipe)\n"
          "  \\p                      show the contents of the query buffer\n"
          "  \\r                      reset (clear) the query buffer\n"
          "\n"
          "Input/Output\n"
          "  \\echo [-n] [STRING]     write string to standard output (-n for no newline)\n"
          "  \\i FILE                 execute commands from file\n"
          "  \\ir FILE                as \\i, but relative to location of current script\n"
          "\n"
          "Informational\n"
          "  (options: + = additional detail: the storage backend)\n"
          "  \\d[+]                   list tables\n"
          "  \\d[+]   NAME            describe table\n"
          "  \\dt[+]  [PATTERN]       list tables\n"
          "  \\dm[+]  [PATTERN]       list materialized views\n"
          "  \\ds[+]  [PATTERN]       list sequences\n"
          "  \\dn[S]  [PATTERN]       list schemas\n"
          "  \\dx     [PATTERN]       list loaded plugins\n"
          "\n"
          "Formatting\n"
          "  \\a                      toggle between unaligned and aligned output mode\n"
          "  \\C [STRING]             set table title, or unset if none\n"
          "  \\f [STRING]             show or set field separator for unaligned query output\n"
          "  \\pset [NAME [VALUE]]    set table output option\n"
          "                         (border|columns|csv_fieldsep|expanded|fieldsep|footer|\n"
          "                         format|null|pager|pager_min_lines|recordsep|title|\n"
          "                         tuples_only; formats aligned|unaligned|csv|wrapped)\n"
          "  \\t [on|off]             show only rows\n"
          "  \\x [on|off|auto]        toggle expanded output\n"
          "\n"
          "Variables\n"
          "  \\set [NAME [VALUE]]     set internal variable, or list all if no parameters\n"
          "  \\unset NAME             unset (delete) internal variable\n"
          "  (ON_ERROR_STOP stops scripts at the first error; QUIET is the same as -q;\n"
          "   ON_TRANSACTION_STOP, on by default, stops scripts at a refused transaction\n"
          "   statement (PREPARE TRANSACTION, COMMIT PREPARED, AND CHAIN, DEFERRABLE);\n"
          "   VERBOSITY default|verbose|terse|sqlstate sets how much of an error is shown)\n",
          out);
}

void help_interactive(FILE *out)
{
    fputs("You are using sunstone, the command-line interface to the Sunstone SQL engine.\n"
          "Type:  \\? for help with sunstone commands\n"
          "       \\g or terminate with semicolon to execute query\n"
          "       \\q to quit\n",
          out);
}

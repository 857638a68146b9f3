/* mainloop.c — the read-lex-execute loop shared by scripts, piped input and the interactive
 * prompt.  Each line goes through the splitter; complete statements are executed, backslash
 * commands are run where they appear (the statement being typed is kept), and at the end of
 * non-interactive input an unterminated statement is still executed, as psql does.  With
 * ON_ERROR_STOP a failure ends non-interactive input with exit code 3, as does a refused
 * transaction statement (see exec.c).  At the interactive prompt "help", "quit" and "exit"
 * behave as in psql. */
#include "mainloop.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "cancel.h"
#include "conditional.h"
#include "copy.h"
#include "exec.h"
#include "help.h"
#include "meta.h"
#include "metaargs.h"
#include "report.h"
#include "splitter.h"
#include "xalloc.h"

/* Sends the accumulated statement (when it holds anything) and clears the buffer. */
static bool send_query(shell *sh, splitter *sp)
{
    bool ok = true;
    if (splitter_has_content(sp)) {
        free(sh->last_query);
        sh->last_query = xstrdup(splitter_query(sp));
        ok = exec_sql(sh, sh->last_query);
    }
    splitter_next_query(sp);
    return ok;
}

/* Interactive assistance words: "help", "quit", "exit" (any case) or "\q" starting the line,
 * followed only by blanks and at most one semicolon.  Returns the word matched, or NULL. */
static const char *assistance_word(const char *line)
{
    static const char *const words[] = {"help", "quit", "exit", "\\q"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i]);
        if (strncasecmp(line, words[i], n) != 0)
            continue;
        const char *rest = line + n;
        while (isspace((unsigned char)*rest))
            rest++;
        if (*rest == ';')
            rest++;
        while (isspace((unsigned char)*rest))
            rest++;
        return *rest == '\0' ? words[i] : NULL;
    }
    return NULL;
}

/* psql's handling of the assistance words at the interactive prompt.  Returns true when the
 * line was consumed (help shown, or *quit set); otherwise the line is processed as input,
 * possibly after a hint. */
static bool handle_assistance(shell *sh, const splitter *sp, const char *line, bool *quit)
{
    const char *word = assistance_word(line);
    if (!word)
        return false;
    bool empty = splitter_is_empty(sp);
    char status = splitter_prompt_char(sp);
    bool can_quit_here = status == '=' || status == '-' || status == '(';
    if (strcmp(word, "help") == 0) {
        if (empty) {
            help_interactive(sh->out);
            fflush(sh->out);
            return true;
        }
        fputs("Use \\? for help or press control-C to clear the input buffer.\n", sh->out);
    } else if (strcmp(word, "\\q") == 0) {
        if (!empty && !can_quit_here)
            fputs("Use control-D to quit.\n", sh->out);
    } else {
        if (empty) {
            *quit = true;
            return true;
        }
        fputs(can_quit_here ? "Use \\q to quit.\n" : "Use control-D to quit.\n", sh->out);
    }
    fflush(sh->out);
    return false;
}

/* psql's default prompt's %x: '*' inside a transaction block, '!' in a failed one. */
static void make_prompt(buf *prompt, const splitter *sp, sunstone *db)
{
    int txn = sunstone_transaction_status(db);
    buf_reset(prompt);
    buf_printf(prompt, "sunstone%c%s> ", splitter_prompt_char(sp),
               txn == SUNSTONE_TXN_INBLOCK ? "*" : txn == SUNSTONE_TXN_FAILED ? "!" : "");
}

int mainloop_run(shell *sh, line_source *src)
{
    splitter sp;
    splitter_init(&sp);
    splitter_set_lookup(&sp, shell_lookup_var, sh);
    buf prompt, history;
    buf_init(&prompt);
    buf_init(&history);
    bool saved_interactive = sh->interactive;
    sh->interactive = src->interactive;
    sh->terse = true;
    int result = EXIT_OK;
    bool stop = false;
    bool die_on_error = !src->interactive;
    void *saved_copy_src = sh->copy_src;
    cond_stack cond; /* each input has its own \if blocks, as in psql */
    cond_init(&cond);
    struct cond_stack *saved_cond = sh->cond;
    sh->cond = &cond;
    sh->copy_src = src; /* COPY FROM STDIN reads its data from this input (copy.c) */
    if (!src->interactive)
        cancel_begin(NULL); /* Ctrl-C between statements stops the script too */

    while (!stop) {
        char *line = NULL;
        if (src->interactive)
            make_prompt(&prompt, &sp, sh->db);
        read_result rr = src->read(src, src->interactive ? prompt.data : NULL, &line);
        if (!src->interactive && cancel_was_pressed()) { /* also while waiting for input */
            free(line);
            result = EXIT_USER;
            break;
        }
        if (rr == READ_INTERRUPTED) {
            splitter_next_query(&sp);
            buf_reset(&history);
            continue;
        }
        if (rr == READ_EOF) {
            if (src->interactive && !sh->quiet) {
                fputs("\\q\n", sh->out);
                fflush(sh->out);
            }
            break;
        }
        sh->lineno++;

        if (src->interactive) {
            bool quit = false;
            if (handle_assistance(sh, &sp, line, &quit)) {
                free(line);
                if (quit)
                    break;
                continue;
            }
        }
        if (src->remember) {
            if (history.len > 0)
                buf_putc(&history, '\n');
            buf_puts(&history, line);
        }

        splitter_feed_line(&sp, line);
        free(line);
        for (;;) {
            split_event ev = splitter_scan(&sp);
            if (ev == SPLIT_END_OF_LINE)
                break;
            bool ok = true;
            if (ev == SPLIT_STATEMENT) {
                if (cond_active(&cond))
                    ok = send_query(sh, &sp);
                else
                    splitter_next_query(&sp); /* inside a branch not taken */
            } else {
                size_t copy_len;
                if (cond_active(&cond) && copy_meta(sh, splitter_meta(&sp), &copy_len, &ok)) { /* \copy takes the whole line */
                    splitter_resume(&sp, copy_len);
                    goto checked;
                }
                meta_command cmd;
                /* no variables are substituted inside a branch not taken, as in psql */
                meta_parse(splitter_meta(&sp), cond_active(&cond) ? shell_lookup_var : NULL, sh, &cmd);
                splitter_resume(&sp, cmd.consumed);
                meta_status st = meta_execute(sh, &cmd, &sp);
                meta_command_free(&cmd);
                if (st == META_QUIT) {
                    stop = true;
                    break;
                }
                ok = st != META_ERROR;
            }
        checked:
            if (!ok && die_on_error && (sh->on_error_stop || sh->txn_stopped)) {
                result = EXIT_USER;
                stop = true;
                break;
            }
            if (!src->interactive && cancel_was_pressed()) {
                result = EXIT_USER; /* Ctrl-C stops a script, as in psql */
                stop = true;
                break;
            }
            if (src->interactive) {
                sh->txn_stopped = false; /* set by a script run with \i: only that one ends */
                cancel_clear();          /* at the prompt, a cancel only ends the statement */
            }
        }

        if (src->remember && splitter_is_empty(&sp)) {
            bool blank = true;
            for (const char *p = history.data; *p; p++)
                if (!isspace((unsigned char)*p))
                    blank = false;
            if (!blank)
                src->remember(src, history.data);
            buf_reset(&history);
        }
    }

    if (!stop && !cond_empty(&cond)) {
        report_error(sh, "reached EOF without finding closing \\endif(s)");
        if (!src->interactive && sh->on_error_stop)
            result = EXIT_USER;
    }
    if (!stop && !src->interactive && cond_active(&cond) && splitter_has_content(&sp) && !cancel_was_pressed()) {
        if (!send_query(sh, &sp) && (sh->on_error_stop || sh->txn_stopped))
            result = EXIT_USER;
    }
    if (!src->interactive) {
        if (cancel_was_pressed())
            result = EXIT_USER;
        cancel_end();
    }

    sh->interactive = saved_interactive;
    sh->copy_src = saved_copy_src;
    sh->cond = saved_cond;
    cond_free(&cond);
    buf_free(&prompt);
    buf_free(&history);
    splitter_free(&sp);
    return result;
}

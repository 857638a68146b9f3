/* func_system.c — the session-information functions that name the server: version(), which
 * clients parse for "PostgreSQL 15.x" (Sunstone implements PostgreSQL 15's SQL; SHOW
 * server_version says 15.0), current_database(), the name the shell's prompt shows for a
 * database ("sunstone": an in-memory database has no name of its own), and CURRENT_USER /
 * SESSION_USER / USER / CURRENT_ROLE, the one role of an embedded session (ss_role_name),
 * and the encoding functions. */
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sunstone.h"
#include "types/func_impl.h"

static int put_text(ss_ctx *ctx, const uint32_t *rows, uint32_t n, ss_vector *out, const char *s)
{
    uint32_t len = (uint32_t)strlen(s);
    SS_FOR_ROWS(rows, n, i, {
        if (ss_vector_set_text(ctx, out, i, s, len))
            return SS_ERROR;
    });
    return SS_OK;
}

int ss_fn_version(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                  ss_vector *out)
{
    (void)args;
    (void)nargs;
    char text[160];
    snprintf(text, sizeof text, "PostgreSQL 15.0 (Sunstone %s) on %s, 64-bit", sunstone_version(),
#if defined(__x86_64__)
             "x86_64-pc-linux-gnu"
#elif defined(__aarch64__)
             "aarch64-unknown-linux-gnu"
#else
             "unknown"
#endif
    );
    return put_text(ctx, rows, n, out, text);
}

int ss_fn_current_database(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                           ss_vector *out)
{
    (void)args;
    (void)nargs;
    return put_text(ctx, rows, n, out, "sunstone");
}

const char *ss_role_name(void)
{
    const struct passwd *pw = getpwuid(geteuid()); /* psql's default role: the OS user's name */
    return pw && pw->pw_name && *pw->pw_name ? pw->pw_name : "sunstone";
}

int ss_fn_current_user(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                       ss_vector *out)
{
    (void)args;
    (void)nargs;
    return put_text(ctx, rows, n, out, ss_role_name());
}

/* getdatabaseencoding() and pg_client_encoding(): UTF8, the only encoding Sunstone has (other
 * client encodings are refused) */
int ss_fn_encoding_utf8(ss_ctx *ctx, ss_vector *const *args, uint32_t nargs, const uint32_t *rows, uint32_t n,
                        ss_vector *out)
{
    (void)args;
    (void)nargs;
    return put_text(ctx, rows, n, out, "UTF8");
}

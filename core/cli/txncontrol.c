/* txncontrol.c — recognises transaction-control statements by their leading keywords: blanks,
 * "--" comments and nested C-style comments are skipped, keywords compare case-insensitively.
 * PREPARE counts only when followed by TRANSACTION (PREPARE name AS ... is not control). */
#include "txncontrol.h"

#include <ctype.h>
#include <stddef.h>
#include <strings.h>

/* Skips blanks and comments. */
static const char *skip_space(const char *p)
{
    for (;;) {
        while (isspace((unsigned char)*p))
            p++;
        if (p[0] == '-' && p[1] == '-') {
            while (*p && *p != '\n')
                p++;
        } else if (p[0] == '/' && p[1] == '*') {
            int depth = 0;
            do {
                if (p[0] == '/' && p[1] == '*') {
                    depth++;
                    p += 2;
                } else if (p[0] == '*' && p[1] == '/') {
                    depth--;
                    p += 2;
                } else {
                    p++;
                }
            } while (*p && depth > 0);
        } else {
            return p;
        }
    }
}

static bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$' || (unsigned char)c >= 0x80;
}

/* When the keyword kw starts at *p (as a whole word), moves *p past it and returns true. */
static bool take_word(const char **p, const char *kw)
{
    const char *s = skip_space(*p);
    size_t n = 0;
    while (word_char(s[n]))
        n++;
    size_t kn = 0;
    while (kw[kn])
        kn++;
    if (n != kn || strncasecmp(s, kw, n) != 0)
        return false;
    *p = s + n;
    return true;
}

bool is_transaction_control(const char *sql)
{
    static const char *const words[] = {"BEGIN", "START",    "COMMIT",    "END",
                                        "ABORT", "ROLLBACK", "SAVEPOINT", "RELEASE"};
    const char *p = sql;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (take_word(&p, words[i]))
            return true;
    return take_word(&p, "PREPARE") && take_word(&p, "TRANSACTION");
}

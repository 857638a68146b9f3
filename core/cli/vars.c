/* vars.c — the shell's variables: a sorted name/value table, psql's variable-name rule and
 * its boolean value syntax. */
#include "vars.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xalloc.h"

void vars_init(var_table *v)
{
    v->items = NULL;
    v->n = 0;
}

void vars_free(var_table *v)
{
    for (size_t i = 0; i < v->n; i++) {
        free(v->items[i].name);
        free(v->items[i].value);
    }
    free(v->items);
    v->items = NULL;
    v->n = 0;
}

/* Index of name, or of the place it would be inserted (*found tells which). */
static size_t locate(const var_table *v, const char *name, bool *found)
{
    size_t lo = 0, hi = v->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(name, v->items[mid].name);
        if (c == 0) {
            *found = true;
            return mid;
        }
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    *found = false;
    return lo;
}

const char *vars_get(const var_table *v, const char *name)
{
    bool found;
    size_t i = locate(v, name, &found);
    return found ? v->items[i].value : NULL;
}

void vars_set(var_table *v, const char *name, const char *value)
{
    bool found;
    size_t i = locate(v, name, &found);
    if (found) {
        free(v->items[i].value);
        v->items[i].value = xstrdup(value);
        return;
    }
    v->items = xrealloc(v->items, (v->n + 1) * sizeof(var_entry));
    memmove(v->items + i + 1, v->items + i, (v->n - i) * sizeof(var_entry));
    v->items[i].name = xstrdup(name);
    v->items[i].value = xstrdup(value);
    v->n++;
}

void vars_unset(var_table *v, const char *name)
{
    bool found;
    size_t i = locate(v, name, &found);
    if (!found)
        return;
    free(v->items[i].name);
    free(v->items[i].value);
    memmove(v->items + i, v->items + i + 1, (v->n - i - 1) * sizeof(var_entry));
    v->n--;
}

bool var_name_valid(const char *name)
{
    if (!*name)
        return false;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        if (!(isalnum(*p) || *p == '_' || *p >= 0x80))
            return false;
    return true;
}

bool parse_bool(const char *value, bool *result)
{
    size_t n = strlen(value);
    if (n == 0)
        return false;
    if (strncasecmp(value, "true", n) == 0 || strncasecmp(value, "yes", n) == 0) {
        *result = true;
        return true;
    }
    if (strncasecmp(value, "false", n) == 0 || strncasecmp(value, "no", n) == 0) {
        *result = false;
        return true;
    }
    if (n >= 2 && strncasecmp(value, "on", n) == 0) {
        *result = true;
        return true;
    }
    if (n >= 2 && strncasecmp(value, "off", n) == 0) {
        *result = false;
        return true;
    }
    if (strcmp(value, "1") == 0) {
        *result = true;
        return true;
    }
    if (strcmp(value, "0") == 0) {
        *result = false;
        return true;
    }
    return false;
}

/* record_desc.c — the descriptors of named and column-defined row types: a table's or view's
 * row type (null::t) and a column definition list (json_to_record(...) AS x(a int)) are the
 * record type (SS_TYPE_RECORD) with a typmod that numbers a descriptor here, as PostgreSQL
 * numbers its blessed record types.  Descriptors are registered while binding, kept for the
 * life of the process and shared by every database of it (an identical one is reused), so a
 * typmod stays valid in any plan that holds it. */
#include "types/record/record.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 256
#define NCHUNKS 1024

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static rec_desc *chunks[NCHUNKS];
static uint32_t count;

static bool same(const rec_desc *d, const void *scope, const char *name, uint32_t n, const char *const *names,
                 const ss_type *types)
{
    if (d->scope != scope || d->nfields != n || (d->name == NULL) != (name == NULL) || (name && strcmp(d->name, name) != 0))
        return false;
    for (uint32_t k = 0; k < n; k++)
        if (strcmp(d->names[k], names[k]) != 0 || d->types[k].id != types[k].id ||
            d->types[k].typmod != types[k].typmod)
            return false;
    return true;
}

static char *dup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c)
        memcpy(c, s, n);
    return c;
}

int32_t rec_desc_register(const void *scope, const char *name, uint32_t n, const char *const *names,
                          const ss_type *types)
{
    pthread_mutex_lock(&lock);
    for (uint32_t i = 0; i < count; i++)
        if (same(&chunks[i / CHUNK][i % CHUNK], scope, name, n, names, types)) {
            pthread_mutex_unlock(&lock);
            return (int32_t)i;
        }
    int32_t result = -1;
    if (count < (uint32_t)CHUNK * NCHUNKS && (chunks[count / CHUNK] ||
                                               (chunks[count / CHUNK] = calloc(CHUNK, sizeof(rec_desc))))) {
        rec_desc *d = &chunks[count / CHUNK][count % CHUNK];
        char **nm = calloc(n ? n : 1, sizeof(char *));
        ss_type *ty = malloc(sizeof(ss_type) * (n ? n : 1));
        bool ok = nm && ty && (!name || (d->name = dup(name)));
        for (uint32_t k = 0; ok && k < n; k++)
            ok = (nm[k] = dup(names[k])) != NULL;
        if (ok) {
            memcpy(ty, types, sizeof(ss_type) * n);
            d->scope = scope, d->nfields = n, d->names = (const char *const *)nm, d->types = ty;
            result = (int32_t)count++;
        } else {
            for (uint32_t k = 0; nm && k < n; k++)
                free(nm[k]);
            free(nm), free(ty), free((char *)d->name);
            memset(d, 0, sizeof *d);
        }
    }
    pthread_mutex_unlock(&lock);
    return result;
}

const rec_desc *rec_desc_get(int32_t typmod)
{
    if (typmod < 0)
        return NULL;
    pthread_mutex_lock(&lock);
    const rec_desc *d = (uint32_t)typmod < count ? &chunks[typmod / CHUNK][typmod % CHUNK] : NULL;
    pthread_mutex_unlock(&lock);
    return d;
}

int rec_desc_field(const rec_desc *d, const char *name)
{
    for (uint32_t k = 0; k < d->nfields; k++)
        if (strcmp(d->names[k], name) == 0)
            return (int)k;
    return -1;
}

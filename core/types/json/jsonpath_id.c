/* jsonpath_id.c — jsonb as PostgreSQL 15 lays it out on disk: the size of a value
 * (pg_column_size) and the "id" of PostgreSQL's .keyvalue(): the byte offset of the object inside
 * the jsonb it came from, as PostgreSQL 15 lays jsonb out on disk (JsonbContainer: a 4-byte
 * header, a 4-byte JEntry per element / key / value, then the data: strings raw, numerics
 * and nested containers aligned to 4 bytes from the varlena start, numerics as numeric
 * varlenas with a 4-byte header), plus 10000000000 times the id of that jsonb (the target 0,
 * the vars 1, each object .keyvalue() made the next one). */
#include "types/json/jsonpath.h"
#include "types/numeric/numeric.h"

#define ALIGN4(x) (((x) + 3u) & ~3u)

/* The container c laid out at offset off (already aligned): its end; *found is set to the
 * offset of target when it lies inside. */
static uint32_t container(const jv *c, uint32_t off, const jv *target, int64_t *found)
{
    if (c == target)
        *found = (int64_t)off - 4;
    uint32_t n = c->kind == JB_OBJECT ? 2 * c->n : c->n;
    uint32_t p = off + 4 + 4 * n;
    for (int pass = 0; pass < (c->kind == JB_OBJECT ? 2 : 1); pass++)
        for (uint32_t k = 0; k < c->n; k++) {
            const jv *e = c->kind == JB_OBJECT ? &c->items[2 * k + (uint32_t)pass] : &c->items[k];
            switch (e->kind) {
            case JB_STRING: p += e->len; break;
            case JB_NUMBER: p = ALIGN4(p) + num_pg_size(&(ss_text){e->s, e->len, 0}); break;
            case JB_ARRAY:
            case JB_OBJECT: p = container(e, ALIGN4(p), target, found); break;
            default: break;
            }
        }
    return p;
}

int64_t jp_object_id(const jv *base, int64_t base_id, const jv *obj)
{
    int64_t found = -1;
    if (base->kind == JB_ARRAY || base->kind == JB_OBJECT)
        container(base, 4, obj, &found);
    if (found < 0)
        return -1;
    return found + base_id * INT64_C(10000000000);
}

uint32_t jb_pg_size(const jv *root)
{
    int64_t found = -1;
    if (root->kind == JB_ARRAY || root->kind == JB_OBJECT)
        return container(root, 4, NULL, &found);
    jv raw = {.kind = JB_ARRAY, .n = 1, .items = (jv *)root}; /* a raw scalar: a one-element array */
    return container(&raw, 4, NULL, &found);
}

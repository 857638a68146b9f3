/* lmdb_row.c — the lmdb backend's keys and its encoding of one row version (lmdb_backend.h
 * documents both formats): encode a batch row, read and rewrite the stamps, decode columns. */
#include <string.h>

#include "lmdb_backend.h"

/* header offsets */
enum {
    OFF_FORMAT = 0,
    OFF_XMIN = 1,
    OFF_XMAX = 9,
    OFF_CMIN = 17,
    OFF_CMAX = 21,
    OFF_NEXT = 25,
    OFF_NPHYS = 33,
    OFF_END = 37
};
_Static_assert(OFF_END == LMDB_ROW_HEADER, "LMDB_ROW_HEADER counts the fixed header");

void lmdb_key_encode(uint8_t key[LMDB_KEY_BYTES], uint64_t table_id, uint64_t rowid)
{
    for (int i = 0; i < 8; i++) {
        key[i] = (uint8_t)(table_id >> (56 - 8 * i));
        key[8 + i] = (uint8_t)(rowid >> (56 - 8 * i));
    }
}

static uint64_t be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

uint64_t lmdb_key_table(const MDB_val *key)
{
    return key->mv_size == LMDB_KEY_BYTES ? be64(key->mv_data) : UINT64_MAX;
}

uint64_t lmdb_key_rowid(const MDB_val *key)
{
    return be64((const uint8_t *)key->mv_data + 8);
}

/* Bytes a value of storage kind takes (text: its length word only). */
static size_t fixed_width(int32_t storage)
{
    switch (storage) {
    case SS_TYPE_BOOL: return 1;
    case SS_TYPE_INT2: return 2;
    case SS_TYPE_INT4: return 4;
    case SS_TYPE_INT8:
    case SS_TYPE_FLOAT8: return 8;
    default: return 4;
    }
}

bool lmdb_row_stamps(const MDB_val *val, ss_version_stamp *stamp, ss_rowid *next)
{
    const uint8_t *p = val->mv_data;
    if (val->mv_size < LMDB_ROW_HEADER || p[OFF_FORMAT] != LMDB_ROW_FORMAT)
        return false;
    memcpy(&stamp->xmin, p + OFF_XMIN, 8);
    memcpy(&stamp->xmax, p + OFF_XMAX, 8);
    memcpy(&stamp->cmin, p + OFF_CMIN, 4);
    memcpy(&stamp->cmax, p + OFF_CMAX, 4);
    if (next)
        memcpy(next, p + OFF_NEXT, 8);
    return true;
}

void lmdb_row_set_stamps(void *buf, const ss_version_stamp *stamp)
{
    uint8_t *p = buf;
    memcpy(p + OFF_XMIN, &stamp->xmin, 8);
    memcpy(p + OFF_XMAX, &stamp->xmax, 8);
    memcpy(p + OFF_CMIN, &stamp->cmin, 4);
    memcpy(p + OFF_CMAX, &stamp->cmax, 4);
}

void lmdb_row_set_next(void *buf, ss_rowid next)
{
    memcpy((uint8_t *)buf + OFF_NEXT, &next, 8);
}

/* The physical column of t that logical column c of an insert batch goes to. */
static const ss_vector *batch_column_of_phys(const lmdb_table *t, const ss_batch *rows, uint32_t p)
{
    for (uint32_t c = 0; c < t->ncols; c++)
        if (t->map[c] == p)
            return rows->cols[c];
    return NULL; /* a dropped column: stored as NULL */
}

size_t lmdb_row_size(const lmdb_table *t, const ss_batch *rows, uint32_t row)
{
    size_t n = LMDB_ROW_HEADER + (t->nphys + 7) / 8;
    for (uint32_t c = 0; c < t->ncols; c++) {
        const ss_vector *v = rows->cols[c];
        if (ss_vector_is_null(v, row))
            continue;
        int32_t storage = t->phys[t->map[c]].storage;
        n += fixed_width(storage);
        if (storage == SS_TYPE_TEXT)
            n += ((const ss_text *)v->data)[row].len;
    }
    return n;
}

void lmdb_row_encode(const lmdb_table *t, const ss_batch *rows, uint32_t row, const ss_version_stamp *stamp,
                     void *buf)
{
    uint8_t *p = buf;
    p[OFF_FORMAT] = LMDB_ROW_FORMAT;
    lmdb_row_set_stamps(p, stamp);
    lmdb_row_set_next(p, SS_ROWID_INVALID);
    memcpy(p + OFF_NPHYS, &t->nphys, 4);
    uint8_t *nulls = p + LMDB_ROW_HEADER;
    memset(nulls, 0, (t->nphys + 7) / 8);
    uint8_t *at = nulls + (t->nphys + 7) / 8;
    for (uint32_t ph = 0; ph < t->nphys; ph++) {
        const ss_vector *v = batch_column_of_phys(t, rows, ph);
        if (!v || ss_vector_is_null(v, row)) {
            nulls[ph / 8] |= (uint8_t)(1u << (ph % 8));
            continue;
        }
        int32_t storage = t->phys[ph].storage;
        switch (storage) {
        case SS_TYPE_BOOL: *at = ((const uint8_t *)v->data)[row] != 0; break;
        case SS_TYPE_INT2: memcpy(at, (const int16_t *)v->data + row, 2); break;
        case SS_TYPE_INT4: memcpy(at, (const int32_t *)v->data + row, 4); break;
        case SS_TYPE_INT8: memcpy(at, (const int64_t *)v->data + row, 8); break;
        case SS_TYPE_FLOAT8: memcpy(at, (const double *)v->data + row, 8); break;
        default: {
            const ss_text *s = (const ss_text *)v->data + row;
            memcpy(at, &s->len, 4);
            if (s->len)
                memcpy(at + 4, s->ptr, s->len);
            at += s->len;
        }
        }
        at += fixed_width(storage);
    }
}

static int damaged(ss_ctx *ctx, const lmdb_table *t)
{
    return t->api->error(ctx, SS_SQLSTATE_INTERNAL_ERROR,
                         "lmdb backend: a stored row version of table %llu is damaged",
                         (unsigned long long)t->id);
}

bool lmdb_row_decode_values(const lmdb_table *t, const MDB_val *val, const uint32_t *cols, uint32_t n,
                            ss_value *values)
{
    const uint8_t *p = val->mv_data, *end = p + val->mv_size;
    uint32_t stored;
    if (val->mv_size < LMDB_ROW_HEADER || p[OFF_FORMAT] != LMDB_ROW_FORMAT)
        return false;
    memcpy(&stored, p + OFF_NPHYS, 4);
    if (stored > t->nphys || (size_t)(end - p) < LMDB_ROW_HEADER + (stored + 7) / 8u)
        return false;
    const uint8_t *nulls = p + LMDB_ROW_HEADER;
    /* the highest physical column asked for bounds the walk over the values */
    uint32_t want = 0;
    for (uint32_t i = 0; i < n; i++)
        if (t->map[cols[i]] + 1 > want)
            want = t->map[cols[i]] + 1;
    const uint8_t *at = nulls + (stored + 7) / 8;
    for (uint32_t ph = 0; ph < want && ph < stored; ph++) {
        ss_value v = {.is_null = (nulls[ph / 8] >> (ph % 8)) & 1u};
        int32_t storage = t->phys[ph].storage;
        if (!v.is_null) {
            size_t w = fixed_width(storage);
            if ((size_t)(end - at) < w)
                return false;
            switch (storage) {
            case SS_TYPE_BOOL: v.v.b = *at != 0; break;
            case SS_TYPE_INT2: { int16_t x; memcpy(&x, at, 2); v.v.i = x; break; }
            case SS_TYPE_INT4: { int32_t x; memcpy(&x, at, 4); v.v.i = x; break; }
            case SS_TYPE_INT8: memcpy(&v.v.i, at, 8); break;
            case SS_TYPE_FLOAT8: memcpy(&v.v.f, at, 8); break;
            default: {
                uint32_t len;
                memcpy(&len, at, 4);
                if ((size_t)(end - at - 4) < len)
                    return false;
                v.v.s = (ss_text){(const char *)at + 4, len, 0};
                at += len;
            }
            }
            at += w;
        }
        for (uint32_t i = 0; i < n; i++)
            if (t->map[cols[i]] == ph)
                values[i] = v;
    }
    /* columns added after this version was written read their fill */
    for (uint32_t i = 0; i < n; i++)
        if (t->map[cols[i]] >= stored)
            values[i] = t->phys[t->map[cols[i]]].fill;
    return true;
}

int lmdb_row_decode(ss_ctx *ctx, const lmdb_table *t, const MDB_val *val, const uint32_t *cols, uint32_t n,
                    ss_value *values)
{
    return lmdb_row_decode_values(t, val, cols, n, values) ? SS_OK : damaged(ctx, t);
}

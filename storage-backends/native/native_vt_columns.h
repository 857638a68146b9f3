/* native_vt_columns.h — building the library's column vectors (native_column) from kernel
 * batches and from decoded row groups, for the native module's writes. */
#ifndef SUNSTONE_NATIVE_VT_COLUMNS_H
#define SUNSTONE_NATIVE_VT_COLUMNS_H

#include "native_vt.h"

typedef struct nv_builder {
    native_col_type type;
    uint32_t n, cap;
    bool any_null;
    uint8_t *nulls;
    int64_t *i64;
    double *f64;
    uint8_t *b;
    uint32_t *offsets;   /* cap + 1 */
    uint8_t *bytes;
    size_t nbytes, capbytes;
} nv_builder;

/* A builder of up to cap values of type; -1 when out of memory (nv_builder_free anyway). */
int nv_builder_init(nv_builder *bld, native_col_type type, uint32_t cap);
void nv_builder_free(nv_builder *bld);
/* Appends value row of the decoded column c / of the kernel vector v (storage class storage). */
int nv_builder_add_native(nv_builder *bld, const native_column *c, uint32_t row);
int nv_builder_add_vector(nv_builder *bld, const ss_vector *v, int32_t storage, uint32_t row);
/* The built values as a column (valid while bld lives). */
native_column nv_builder_column(const nv_builder *bld);

#endif

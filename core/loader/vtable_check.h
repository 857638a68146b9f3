/* vtable_check.h — validation of plugin vtables at registration: struct size, version and
 * required callbacks, as hard errors naming what is wrong. */
#ifndef SS_LOADER_VTABLE_CHECK_H
#define SS_LOADER_VTABLE_CHECK_H

#include "exec/context.h"

int ss_check_operator_vtable(ss_ctx *ctx, const ss_operator_vtable *vt);
int ss_check_storage_vtable(ss_ctx *ctx, const ss_storage_vtable *vt);
int ss_check_auth_vtable(ss_ctx *ctx, const ss_auth_vtable *vt);
int ss_check_window_vtable(ss_ctx *ctx, const ss_window_vtable *vt);
int ss_check_snapshot_vtable(ss_ctx *ctx, const ss_snapshot_vtable *vt);

#endif

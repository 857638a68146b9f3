/* loader.h — finds, checks and initialises plugin modules (dlopen). */
#ifndef SS_LOADER_LOADER_H
#define SS_LOADER_LOADER_H

#include "exec/context.h"

/* The kernel's function table handed to every plugin. */
const ss_api *ss_kernel_api(void);

/* Default module directory: <directory of libsunstone.so>/modules when it exists, else the
 * install location.  Returned string is static. */
const char *ss_loader_default_dir(void);

/* Loads one module file into ctx->registry (the database's, shared by its sessions): dlopen
 * (RTLD_NOW|RTLD_LOCAL), magic checks before any plugin code runs, then sunstone_plugin_init,
 * whose ss_plugin context gets ctx's settings and notices.  All-or-nothing: on failure nothing
 * it registered stays.  A path without '/' is looked up in plugin_dir (NULL: the default
 * directory; ".so" optional).  Loading a file that is already loaded does nothing; a load
 * bumps ctx->catalog's version (plans rebind, parked trees are rebuilt). */
int ss_loader_load_file(ss_ctx *ctx, const char *plugin_dir, const char *path);

/* Loads every *.so of dir in name order, then what the optional dir/modules.conf adds:
 * "exclude NAME" skips dir/NAME.so, "load PATH" loads another module (relative to dir),
 * "#" starts a comment. */
int ss_loader_load_dir(ss_ctx *ctx, const char *dir);

#endif

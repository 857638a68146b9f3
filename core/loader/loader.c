/* loader.c — dlopen-based module loading: resolve the path, check the magic descriptor
 * before running plugin code, run sunstone_plugin_init, roll back on failure. */
#include "loader/loader.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "catalog/catalog.h"
#include "loader/plugin_ctx.h"

#ifndef SUNSTONE_INSTALL_MODULE_DIR
#define SUNSTONE_INSTALL_MODULE_DIR "/usr/local/lib/sunstone/modules"
#endif

static char default_dir[PATH_MAX];
static pthread_once_t dir_once = PTHREAD_ONCE_INIT;

static void find_default_dir(void)
{
    Dl_info info;
    if (dladdr((void *)&ss_loader_default_dir, &info) && info.dli_fname) {
        char buf[PATH_MAX];
        if (realpath(info.dli_fname, buf)) {
            char *slash = strrchr(buf, '/');
            if (slash) {
                *slash = '\0';
                char cand[PATH_MAX];
                struct stat st;
                if (snprintf(cand, sizeof cand, "%s/modules", buf) < (int)sizeof cand &&
                    stat(cand, &st) == 0 && S_ISDIR(st.st_mode)) {
                    snprintf(default_dir, sizeof default_dir, "%s", cand);
                    return;
                }
            }
        }
    }
    snprintf(default_dir, sizeof default_dir, "%s", SUNSTONE_INSTALL_MODULE_DIR);
}

/* Computed once per process, whichever thread asks first. */
const char *ss_loader_default_dir(void)
{
    pthread_once(&dir_once, find_default_dir);
    return default_dir;
}

static int resolve_path(ss_ctx *ctx, const char *plugin_dir, const char *path, char *out, size_t n)
{
    char cand[PATH_MAX];
    struct stat st;
    int w;
    if (!strchr(path, '/')) {
        const char *dir = plugin_dir ? plugin_dir : ss_loader_default_dir();
        w = snprintf(cand, sizeof cand, "%s/%s", dir, path);
        size_t len = strlen(path);
        if (w >= 0 && (size_t)w < sizeof cand && stat(cand, &st) != 0 &&
            (len < 3 || strcmp(path + len - 3, ".so") != 0))
            w = snprintf(cand, sizeof cand, "%s/%s.so", dir, path);
    } else {
        w = snprintf(cand, sizeof cand, "%s", path);
    }
    if (w < 0 || (size_t)w >= sizeof cand)
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_FILE, "could not access file \"%s\": path too long", path);
    if (stat(cand, &st) != 0)
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_FILE, "could not access file \"%s\": %s",
                            path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_FILE,
                            "could not access file \"%s\": not a regular file", path);
    if (!realpath(cand, out))
        snprintf(out, n, "%s", cand);
    return SS_OK;
}

/* Magic checks: everything the loader must know before it lets plugin code run. */
static int check_magic(ss_ctx *ctx, const char *path, const ss_plugin_magic *m)
{
    if (!m)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "incompatible library \"%s\": sunstone_plugin_magic returned NULL", path);
    if (m->struct_size != sizeof(ss_plugin_magic))
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "incompatible library \"%s\": magic struct_size is %u, kernel expects %zu",
                            path, m->struct_size, sizeof(ss_plugin_magic));
    const char *name = m->name ? m->name : "?";
    if (m->abi_major < SS_ABI_MAJOR) {
        ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                     "incompatible library \"%s\": plugin \"%s\" built for ABI %u.%u: abi_major is %u, this "
                     "kernel needs %u",
                     path, name, m->abi_major, m->abi_minor, m->abi_major, SS_ABI_MAJOR);
        ss_ctx_error_detail(ctx, "ABI %u.0 changed the plan nodes, the operator vtable and ss_api; a module "
                                 "built for an older major version cannot run on this kernel.",
                            SS_ABI_MAJOR);
        ss_ctx_error_hint(ctx, "Rebuild the module against this kernel's headers (sunstone/plugin.h).");
        return SS_ERROR;
    }
    if (m->abi_major != SS_ABI_MAJOR) {
        ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                     "incompatible library \"%s\": plugin \"%s\" built for ABI %u.x, kernel is %u.%u",
                     path, name, m->abi_major, SS_ABI_MAJOR, SS_ABI_MINOR);
        ss_ctx_error_detail(ctx, "abi_major differs: plugin %u, kernel %u.", m->abi_major, SS_ABI_MAJOR);
        return SS_ERROR;
    }
    if (m->abi_minor > SS_ABI_MINOR) {
        ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                     "incompatible library \"%s\": plugin \"%s\" needs ABI %u.%u, kernel is %u.%u",
                     path, name, m->abi_major, m->abi_minor, SS_ABI_MAJOR, SS_ABI_MINOR);
        ss_ctx_error_detail(ctx, "abi_minor too new: plugin needs %u, kernel provides %u.",
                            m->abi_minor, SS_ABI_MINOR);
        return SS_ERROR;
    }
    if (!m->name || !m->name[0] || !m->version)
        return ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                            "incompatible library \"%s\": magic descriptor has no %s", path,
                            !m->name || !m->name[0] ? "name" : "version");
    return SS_OK;
}

static ss_module *new_module(const ss_plugin_magic *m, const char *path, void *handle)
{
    ss_module *mod = calloc(1, sizeof *mod);
    if (!mod)
        return NULL;
    mod->name = strdup(m->name);
    mod->version = strdup(m->version);
    mod->path = strdup(path);
    mod->abi_major = m->abi_major;
    mod->abi_minor = m->abi_minor;
    mod->handle = handle;
    if (!mod->name || !mod->version || !mod->path) {
        free(mod->name);
        free(mod->version);
        free(mod->path);
        free(mod);
        return NULL;
    }
    return mod;
}

int ss_loader_load_file(ss_ctx *ctx, const char *plugin_dir, const char *path)
{
    char real[PATH_MAX];
    if (resolve_path(ctx, plugin_dir, path, real, sizeof real))
        return SS_ERROR;
    if (ss_registry_find_module_by_path(ctx->registry, real))
        return SS_OK;

    void *handle = dlopen(real, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *msg = dlerror();
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_FILE, "could not load library \"%s\": %s",
                            real, msg ? msg : "unknown error");
    }
    /* Modules are never dlclose'd once initialised; a refused one is released at once. */
    ss_plugin_magic_fn magic_fn = (ss_plugin_magic_fn)dlsym(handle, "sunstone_plugin_magic");
    if (!magic_fn) {
        dlclose(handle);
        ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR, "incompatible library \"%s\": missing magic block", real);
        ss_ctx_error_hint(ctx, "Sunstone modules must export sunstone_plugin_magic (use the "
                               "SS_PLUGIN_MAGIC macro from sunstone/plugin.h).");
        return SS_ERROR;
    }
    const ss_plugin_magic *m = magic_fn();
    if (check_magic(ctx, real, m)) {
        dlclose(handle);
        return SS_ERROR;
    }
    ss_plugin_init_fn init_fn = (ss_plugin_init_fn)dlsym(handle, "sunstone_plugin_init");
    if (!init_fn) {
        /* m lives in the library: report before unmapping it */
        ss_ctx_error(ctx, SS_SQLSTATE_PLUGIN_ERROR,
                     "incompatible library \"%s\": plugin \"%s\" does not export sunstone_plugin_init",
                     real, m->name);
        dlclose(handle);
        return SS_ERROR;
    }
    ss_module *mod = new_module(m, real, handle);
    if (!mod) {
        dlclose(handle);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }

    /* Snapshot the registrations so a failing init leaves nothing behind. */
    ss_registry *reg = ctx->registry;
    uint32_t saved_n = reg->nregs;
    ss_registration *saved = NULL;
    if (saved_n) {
        saved = malloc(saved_n * sizeof *saved);
        if (!saved) {
            free(mod->name), free(mod->version), free(mod->path), free(mod);
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        }
        memcpy(saved, reg->regs, saved_n * sizeof *saved);
    }

    ss_error perr;
    memset(&perr, 0, sizeof perr);
    ss_error_clear(&perr);
    ss_plugin plugin;
    ss_plugin_ctx_init(&plugin, ctx, mod, &perr);
    int rc = init_fn(ss_kernel_api(), &plugin);
    plugin.in_init = false;
    if (rc != SS_OK || perr.message) {
        if (saved_n)
            memcpy(reg->regs, saved, saved_n * sizeof *saved);
        reg->nregs = saved_n;
        ss_ctx_error(ctx, perr.message ? perr.sqlstate : SS_SQLSTATE_PLUGIN_ERROR,
                     "plugin \"%s\" (%s) failed to initialise: %s", mod->name, real,
                     perr.message ? perr.message : "sunstone_plugin_init returned an error");
        if (perr.detail)
            ss_ctx_error_detail(ctx, "%s", perr.detail);
        if (perr.hint)
            ss_ctx_error_hint(ctx, "%s", perr.hint);
        ss_error_clear(&perr);
        free(saved);
        /* the module ran code and may have left callbacks around (atexit, threads): keep
           it mapped, as PostgreSQL does, but forget it */
        free(mod->name), free(mod->version), free(mod->path), free(mod);
        return SS_ERROR;
    }
    ss_error_clear(&perr);
    free(saved);
    if (ss_registry_add_module(reg, mod)) {
        reg->nregs = saved_n;
        free(mod->name), free(mod->version), free(mod->path), free(mod);
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    }
    if (ctx->catalog)
        ctx->catalog->version++;
    return SS_OK;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A growable list of malloc'd strings. */
typedef struct strlist {
    char **items;
    size_t n, cap;
} strlist;

static int strlist_add(ss_ctx *ctx, strlist *l, const char *s)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        char **p = realloc(l->items, cap * sizeof *p);
        if (!p)
            return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
        l->items = p;
        l->cap = cap;
    }
    if (!(l->items[l->n] = strdup(s)))
        return ss_ctx_error(ctx, SS_SQLSTATE_OUT_OF_MEMORY, "out of memory");
    l->n++;
    return SS_OK;
}

static void strlist_free(strlist *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->items[i]);
    free(l->items);
    memset(l, 0, sizeof *l);
}

/* dir/modules.conf: "exclude NAME" skips dir/NAME.so; "load PATH" loads one more module
 * (relative paths are relative to dir); "#" starts a comment. */
typedef struct module_config {
    strlist exclude;
    strlist load;
} module_config;

static int read_config(ss_ctx *ctx, const char *dir, module_config *cfg)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/modules.conf", dir) >= (int)sizeof path)
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_FILE, "plugin directory path too long");
    FILE *f = fopen(path, "r");
    if (!f)
        return SS_OK;
    char line[1024];
    int lineno = 0;
    int rc = SS_OK;
    while (rc == SS_OK && fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char word[64], arg[512], extra[2];
        int n = sscanf(line, "%63s %511s %1s", word, arg, extra);
        if (n <= 0)
            continue;
        if (n == 2 && strcmp(word, "exclude") == 0) {
            rc = strlist_add(ctx, &cfg->exclude, arg);
        } else if (n == 2 && strcmp(word, "load") == 0) {
            char full[PATH_MAX];
            if (snprintf(full, sizeof full, "%s%s%s", arg[0] == '/' ? "" : dir, arg[0] == '/' ? "" : "/", arg) >=
                (int)sizeof full)
                rc = ss_ctx_error(ctx, SS_SQLSTATE_CONFIG_FILE_ERROR, "path too long in file \"%s\" line %d", path,
                                  lineno);
            else
                rc = strlist_add(ctx, &cfg->load, full);
        } else {
            rc = ss_ctx_error(ctx, SS_SQLSTATE_CONFIG_FILE_ERROR, "syntax error in file \"%s\" line %d", path,
                              lineno);
            ss_ctx_error_hint(ctx, "Lines are \"exclude MODULE\", \"load PATH\" or comments starting with #.");
        }
    }
    fclose(f);
    return rc;
}

static bool excluded(const module_config *cfg, const char *file)
{
    for (size_t k = 0; k < cfg->exclude.n; k++) {
        const char *x = cfg->exclude.items[k];
        size_t len = strlen(x);
        if (strcmp(file, x) == 0 || (strncmp(file, x, len) == 0 && strcmp(file + len, ".so") == 0))
            return true;
    }
    return false;
}

int ss_loader_load_dir(ss_ctx *ctx, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_FILE,
                            "could not open plugin directory \"%s\": %s", dir, strerror(errno));
    strlist files = {0};
    module_config cfg = {{0}, {0}};
    struct dirent *de;
    int rc = SS_OK;
    while (rc == SS_OK && (de = readdir(d))) {
        size_t len = strlen(de->d_name);
        if (len >= 4 && strcmp(de->d_name + len - 3, ".so") == 0)
            rc = strlist_add(ctx, &files, de->d_name);
    }
    closedir(d);
    if (rc == SS_OK)
        rc = read_config(ctx, dir, &cfg);
    if (rc == SS_OK && files.n)
        qsort(files.items, files.n, sizeof *files.items, compare_names);
    for (size_t i = 0; rc == SS_OK && i < files.n; i++) {
        if (excluded(&cfg, files.items[i]))
            continue;
        char path[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/%s", dir, files.items[i]) >= (int)sizeof path)
            rc = ss_ctx_error(ctx, SS_SQLSTATE_UNDEFINED_FILE, "module path too long in \"%s\"", dir);
        else
            rc = ss_loader_load_file(ctx, dir, path);
    }
    for (size_t i = 0; rc == SS_OK && i < cfg.load.n; i++)
        rc = ss_loader_load_file(ctx, dir, cfg.load.items[i]);
    strlist_free(&files);
    strlist_free(&cfg.exclude);
    strlist_free(&cfg.load);
    return rc;
}

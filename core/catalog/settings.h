/* settings.h — run-time settings of one database handle (SET / SHOW / RESET). */
#ifndef SS_CATALOG_SETTINGS_H
#define SS_CATALOG_SETTINGS_H

#include "exec/context.h"

typedef struct ss_setting {
    char *name;   /* lower case */
    char *value;
} ss_setting;

typedef struct ss_settings {
    ss_setting *items;
    uint32_t n, cap;
    /* typed copies of the settings the kernel acts on, kept current by ss_settings_set */
    int64_t statement_timeout_ms;  /* 0: no timeout */
} ss_settings;

void ss_settings_init(ss_settings *s);
void ss_settings_free(ss_settings *s);
/* Current value, or the built-in default, or NULL for an unknown name. */
const char *ss_settings_get(const ss_settings *s, const char *name);
/* Validates name and value (unknown parameter 42704, bad value 22023) and stores it;
 * value NULL resets to the default. */
int ss_settings_set(ss_ctx *ctx, ss_settings *s, const char *name, const char *value);

#endif

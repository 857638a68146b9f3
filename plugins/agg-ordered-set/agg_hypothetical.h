/* agg_hypothetical.h — registration of the hypothetical-set aggregates (agg_hypothetical.c). */
#ifndef AGG_HYPOTHETICAL_H
#define AGG_HYPOTHETICAL_H

#include "sunstone/plugin.h"

/* Registers rank, dense_rank, percent_rank and cume_dist WITHIN GROUP with plugin. */
int agg_hypothetical_register(const ss_api *api, ss_plugin *plugin);

#endif

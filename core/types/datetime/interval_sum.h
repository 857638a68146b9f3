/* interval_sum.h — the ss_type_sum of interval (interval_sum.c). */
#ifndef SS_TYPES_INTERVAL_SUM_H
#define SS_TYPES_INTERVAL_SUM_H

#include "sunstone/typeinfo.h"

extern const ss_type_sum dt_interval_sum_support;

#endif

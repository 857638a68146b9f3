/* void.h — PostgreSQL's void pseudo-type (what pg_sleep returns): what the files of
 * core/types/void/ share.  A value is a bool vector element, always false, printed empty. */
#ifndef SS_TYPES_VOID_H
#define SS_TYPES_VOID_H

#include "types/type_def.h"

extern const ss_func_def void_functions[];

#endif

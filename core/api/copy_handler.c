/* copy_handler.c — sunstone_set_copy_handler: the session's callbacks that COPY FROM STDIN
 * reads its data from and COPY TO STDOUT writes its rows to (copy/copy_run.c calls them). */
#include "api/database.h"

int sunstone_set_copy_handler(sunstone *db, int (*read)(void *arg, char *buf, size_t size, size_t *n),
                              int (*write)(void *arg, const char *data, size_t len), void *arg)
{
    if (!db)
        return SUNSTONE_MISUSE;
    db->copy_read = read;
    db->copy_write = write;
    db->copy_arg = read || write ? arg : NULL;
    return SUNSTONE_OK;
}

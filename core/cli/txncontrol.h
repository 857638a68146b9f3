/* txncontrol.h — recognises transaction-control statements (BEGIN, START TRANSACTION, COMMIT,
 * END, ABORT, ROLLBACK, SAVEPOINT, RELEASE, PREPARE TRANSACTION) by their leading keywords, so
 * that the shell can react to the kernel refusing them without depending on message text. */
#ifndef SUNSTONE_CLI_TXNCONTROL_H
#define SUNSTONE_CLI_TXNCONTROL_H

#include <stdbool.h>

/* True when the first statement of sql (after blanks and comments) is transaction control. */
bool is_transaction_control(const char *sql);

#endif

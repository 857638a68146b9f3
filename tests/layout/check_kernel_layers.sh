#!/bin/sh
# check_kernel_layers.sh SOURCE_DIR — the handle stays in core/api: the kernel layers below it
# (core/exec, core/bind, core/plan, core/catalog, core/loader, core/sql, core/types,
# core/util) never include a core/api header (database.h, statement.h).  They receive what
# they need (catalog, registry, settings, notice sink, interrupt flag) through ss_ctx and
# their arguments, so several sessions can share one database.
set -u
src="$1"
bad=$(grep -rnE '#include *"(\.\./)*(core/)?api/' "$src/core/exec" "$src/core/bind" "$src/core/plan" \
  "$src/core/catalog" "$src/core/loader" "$src/core/sql" "$src/core/types" "$src/core/util" 2>/dev/null)
if [ -n "$bad" ]; then
  echo "kernel layers including the handle's headers (core/api/):"
  echo "$bad"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "1 passed, 0 failed"

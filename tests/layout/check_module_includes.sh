#!/bin/sh
# check_module_includes.sh SOURCE_DIR — modules (operators/, storage-backends/, plugins/,
# tests/plugins/) may include only the public SDK (core/include/**) and their own or shared
# module headers, never a kernel-private header.  That rule is what makes third-party plugins
# possible; this test keeps it true.
set -u
src="$1"
bad=$(grep -rnE '#include *"' "$src/operators" "$src/storage-backends" "$src/plugins" "$src/tests/plugins" 2>/dev/null |
  grep -E '#include *"(\.\./)*(core/|util/|exec/|plan/|sql/|catalog/|loader/|api/|types/|cli/)' )
if [ -n "$bad" ]; then
  echo "kernel-private includes in modules:"
  echo "$bad"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "1 passed, 0 failed"

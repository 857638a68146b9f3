#!/bin/sh
# check_doc_references.sh SOURCE_DIR — the repository stands alone and names only files it
# has: README.md and docs/*.md never point outside it (../something), every repository path
# named in the docs or in a source comment (core/..., tests/..., operators/... as written,
# from the top or from the naming file's folder) exists, and every file name (x.c, x.h,
# x.sh, x.md) named in README.md, docs/*.md or a product C source exists somewhere in the tree.
set -u
src="$1"
cd "$src" || exit 1
fails=0
passes=0
fail() { fails=$((fails + 1)); echo "FAIL $*"; }

docs="README.md $(ls docs/*.md bench/README.md tests/*/README.md 2>/dev/null)"
csources=$(find core operators storage-backends plugins bench -name '*.[ch]' ! -path 'core/cli/tests/*')
sources=$(find core operators storage-backends plugins tests bench cmake .ci -type f \
  \( -name '*.c' -o -name '*.h' -o -name '*.sh' -o -name '*.py' -o -name 'CMakeLists.txt' \
     -o -name '*.cmake' -o -name run -o -name test -o -name setup \) 2>/dev/null)

# 1. nothing outside the repository
for f in $docs; do
  out=$(grep -noE '(^|[^A-Za-z0-9_.])\.\./[A-Za-z0-9_./-]+' "$f")
  if [ -n "$out" ]; then fail "$f points outside the repository: $out"; else passes=$((passes + 1)); fi
done

# 2. repository paths exist (globs must match something; "x/test_" names a prefix)
exists_path() { # exists_path PATH FROM_DIR
  for base in . "$2"; do
    for m in "$base"/$1 "$base"/$1*; do
      [ -e "$m" ] && return 0
    done
  done
  return 1
}
for f in $docs $sources; do
  dir=$(dirname "$f")
  for p in $(grep -oE '(^|[^A-Za-z0-9_./-])(core|operators|storage-backends|plugins|tests|bench|docs|cmake|\.ci)/[A-Za-z0-9_.*/-]*' "$f" |
             sed -E 's/^[^A-Za-z.]//; s/[./]+$//' | sort -u); do
    if exists_path "$p" "$dir"; then passes=$((passes + 1)); else fail "$f names missing path $p"; fi
  done
done

# 3. file names in the docs and product C sources exist somewhere in the tree, except files
# that are not Sunstone's: the one WRITING-PLUGINS.md has the reader write, SQLite's header
# and PostgreSQL's guc.c
names=$(find . -type f ! -path './build*' ! -path './.git/*' | sed 's|.*/||'; printf '%s\n' my_limit.c sqlite3.h guc.c)
names=$(printf '%s\n' "$names" | sort -u)
for f in $docs $csources; do
  for n in $(grep -vE '^[[:space:]]*#[[:space:]]*include' "$f" |
             grep -oE '(^|[^A-Za-z0-9_./-])[A-Za-z0-9_-]+\.(c|h|sh|md)([^A-Za-z0-9_]|$)' |
             sed -E 's/^[^A-Za-z0-9_-]//; s/[^A-Za-z0-9_]$//' | sort -u); do
    if printf '%s\n' "$names" | grep -qxF "$n"; then
      passes=$((passes + 1))
    else
      fail "$f names missing file $n"
    fi
  done
done

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]

#!/bin/sh
# fetch-duckdb.sh — fetches DuckDB's shared library for bench_peer_duckdb from the npm registry
# (the package @duckdb/node-bindings-linux-x64 ships libduckdb.so; DuckDB has no Debian
# package) into DIR (default: build-bench/duckdb) and prints the DUCKDB_LIB line to use.
# Needs npm (apt-get install -y npm).  Usage: bench/fetch-duckdb.sh [DIR]
set -eu
dir=${1:-build-bench/duckdb}
mkdir -p "$dir"
cd "$dir"
if [ ! -f package/libduckdb.so ]; then
    tarball=$(npm pack --silent @duckdb/node-bindings-linux-x64)
    tar xzf "$tarball" package/libduckdb.so package/package.json
    rm -f "$tarball"
fi
echo "DUCKDB_LIB=$(pwd)/package/libduckdb.so"

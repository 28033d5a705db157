#!/usr/bin/env bash
# Builds the Citus release beside this script and installs it into the PostgreSQL 16 that the
# `pgserver` wheel ships inside a virtualenv (the wheel carries the server headers and PGXS).
#   usage: third_party/citus/build.sh PATH/TO/VENV/bin/python
# Does nothing when citus.so is already installed there. Installs the C build dependencies
# with apt when they are missing (needs root). About a minute on 2 cores.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${1:?usage: build.sh PATH/TO/VENV/bin/python}
tarball=$(ls "$here"/citus-*.tar.gz)
version=$(basename "$tarball" .tar.gz | sed 's/^citus-//')
expected=$(cat "$here/SHA256SUMS" | awk -v f="$(basename "$tarball")" '$2 == f {print $1}')
actual=$(sha256sum "$tarball" | awk '{print $1}')
if [ "$expected" != "$actual" ]; then
  echo "citus: $(basename "$tarball") does not match SHA256SUMS (got $actual)" >&2; exit 1
fi
pginstall=$("$py" -c 'import os, warnings; warnings.simplefilter("ignore"); import pgserver; print(os.path.join(os.path.dirname(pgserver.__file__), "pginstall"))')
pg_config="$pginstall/bin/pg_config"
pkglib=$("$pg_config" --pkglibdir)
if [ -f "$pkglib/citus.so" ]; then echo "citus: already built into $pkglib"; exit 0; fi
need=()
for p in build-essential autoconf flex bison libcurl4-openssl-dev liblz4-dev libzstd-dev libkrb5-dev libssl-dev; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "citus: missing build dependencies (${need[*]}): install them with apt as root, then run make citus again" >&2
    exit 1
  fi
  echo "citus: apt-get installing the build dependencies ${need[*]} (about 30 s to a few minutes)"
  log=$(mktemp)
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"; } \
    >"$log" 2>&1 || { tail -20 "$log"; rm -f "$log"; exit 1; }
  rm -f "$log"
fi
echo "citus: building Citus $version from third_party/citus into the virtualenv's PostgreSQL (about a minute on 2 cores)"
start=$SECONDS
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$tarball" -C "$work"
cd "$work"/citus-*
PG_CONFIG="$pg_config" ./configure >"$work/configure.log" 2>&1 || { tail -20 "$work/configure.log"; exit 1; }
make -j"$(nproc)" >"$work/make.log" 2>&1 || { grep -n "error" "$work/make.log" | head -20; exit 1; }
make install >"$work/install.log" 2>&1 || { tail -20 "$work/install.log"; exit 1; }
echo "citus: Citus $version installed in $pkglib ($((SECONDS - start)) s)"

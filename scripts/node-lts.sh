# Source me from the project folder (`. scripts/node-lts.sh`): when this machine's Node is
# older than package.json's engines ask for, Node 24 LTS is installed from the npm registry
# (the `node` package, once, into ~/.cache/node24-lts) and put first on this shell's PATH.
# A Node new enough is left as it is.
if ! node -e '
  const want = (require("./package.json").engines?.node ?? "").match(/(\d+)(?:\.(\d+))?/);
  if (!want) process.exit(0);
  const [a, b] = process.versions.node.split(".").map(Number), [wa, wb] = [Number(want[1]), Number(want[2] ?? 0)];
  process.exit(a > wa || (a === wa && b >= wb) ? 0 : 1)' 2>/dev/null; then
  _site_node="$HOME/.cache/node24-lts"
  if [ ! -x "$_site_node/node_modules/.bin/node" ]; then
    mkdir -p "$_site_node" && (cd "$_site_node" && npm install --no-save --no-audit --no-fund --loglevel=error node@24 >/dev/null 2>&1)
  fi
  if [ -x "$_site_node/node_modules/.bin/node" ]; then
    export PATH="$_site_node/node_modules/.bin:$PATH"
  else
    echo "scripts/node-lts.sh: could not install Node 24 from the npm registry; install Node 22.18 or newer yourself." >&2
  fi
  unset _site_node
fi

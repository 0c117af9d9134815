#!/bin/sh
# Replaces third_party/uplot with uPlot VERSION from the npm registry,
# checked against the registry's integrity (sha512) for that version.
# Usage: scripts/update-uplot.sh VERSION
set -e
version=${1:?usage: update-uplot.sh VERSION}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
npm pack --silent "uplot@$version" >/dev/null
want=$(npm view "uplot@$version" dist.integrity)
have="sha512-$(openssl dgst -sha512 -binary "uplot-$version.tgz" | base64 -w0)"
[ "$want" = "$have" ] || { echo "update-uplot: integrity $have, the registry says $want"; exit 1; }
tar -xzf "uplot-$version.tgz"
cp package/dist/uPlot.iife.min.js package/dist/uPlot.min.css package/LICENSE "$here/third_party/uplot/"
echo "uPlot $version ($have) copied; update third_party/uplot/README.md"

#!/bin/sh
# Runs from the nginx image's /docker-entrypoint.d/ before nginx starts: writes the api's URL
# into each app's index.html (the `cadence-api-url` meta tag), so one build serves any deployment.
# Re-running it (a restarted container) replaces the previous value.
set -eu
: "${API_URL:?set API_URL to the api public URL, e.g. https://api.example.com}"
root="${CADENCE_HTML_ROOT:-/usr/share/nginx/html}"
case "$API_URL" in
  http://* | https://*) ;;
  *) echo "API_URL must start with http:// or https:// (got $API_URL)" >&2; exit 1 ;;
esac
if printf '%s' "$API_URL" | grep -q '[^A-Za-z0-9:/._~%-]'; then
  echo "API_URL may only hold URL characters (got $API_URL)" >&2
  exit 1
fi
url="${API_URL%/}"
for index in "$root/index.html" "$root"/*/index.html; do
  [ -f "$index" ] || continue
  sed -i -E "s#<!--bootstrap-data-->|<meta name=\"cadence-api-url\" content=\"[^\"]*\">#<meta name=\"cadence-api-url\" content=\"$url\">#" "$index"
done

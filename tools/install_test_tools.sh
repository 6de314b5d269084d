#!/bin/sh
# What the web tests need from Debian: chromium (Playwright drives /usr/bin/chromium and
# downloads no browser of its own) and, where the machine has none, npm to fetch Pyodide.
set -e
need=""
[ -x /usr/bin/chromium ] || need="$need chromium"
command -v npm >/dev/null 2>&1 || need="$need nodejs npm"
[ -z "$need" ] && exit 0
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
echo "installing from Debian for the web tests:$need"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=300 $need >/dev/null

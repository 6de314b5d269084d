#!/bin/sh
# Debian's chromium for tests/web and benchmarks/wasm.py: Playwright drives /usr/bin/chromium
# and downloads no browser of its own (`playwright install` cannot download here).
set -e
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
echo "installing Debian's chromium for the web tests..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=300 chromium >/dev/null
/usr/bin/chromium --version 2>/dev/null | grep -i chromium || true

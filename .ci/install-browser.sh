#!/usr/bin/env bash
# Installs what the browser tests of grundy-web need: Debian's Chromium and its WebDriver
# (chromedriver). Does nothing when both are already there.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 && [ -x /usr/bin/chromedriver ]; then
    echo "chromium and chromedriver are installed"
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
else
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium chromium-driver fonts-dejavu-core
chromium --version
/usr/bin/chromedriver --version

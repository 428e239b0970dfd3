#!/usr/bin/env bash
# Installs what the browser tests of grundy-web need: Debian's Chromium and its WebDriver
# (chromedriver), and fonts that hold every symbol the page writes (DejaVu, and Symbola for
# the Tiny and Miny signs ⧾ ⧿ of Winning Ways). Does nothing when all are already there.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 && [ -x /usr/bin/chromedriver ] \
    && dpkg -s fonts-symbola >/dev/null 2>&1; then
    echo "chromium, chromedriver and the fonts are installed"
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
else
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium chromium-driver fonts-dejavu-core fonts-symbola
chromium --version
/usr/bin/chromedriver --version

# Sourced by the packaging scripts (scripts/package-*.sh, scripts/smoke-windows.sh), not run.
#
# apt_install PACKAGE…: installs Debian packages that a script needs and does not find,
# saying so in one line; it runs `apt-get update` first only if the install fails without it.
# Needs root, and stops the script with a message otherwise.
apt_install() {
    echo "installing $* (missing)"
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: installing packages needs root: apt-get install $*" >&2
        exit 1
    fi
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1; then
        apt-get update -qq >/dev/null 2>&1
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
    fi
}

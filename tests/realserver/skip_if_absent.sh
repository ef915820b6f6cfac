# Sourced by the real-server shell tests. skip_if_absent FILE: when the
# tools' output in FILE says the real server or the kit is missing, print why
# and exit 77, which CTest reports as skipped.
skip_if_absent() {
  if grep -q "was not found\|build the kit with tools/setup-real-server" "$1"; then
    echo "skipped: $(grep -m1 'not found\|build the kit' "$1")"
    exit 77
  fi
}

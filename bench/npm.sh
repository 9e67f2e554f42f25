# Sourced by the bench scripts that drive applications from the npm registry (the only network
# they need): `npm_tarball NAME VERSION` fetches a package's tarball once into
# ~/.cache/cdt-bench and prints its path (a scoped name's tarball is named without its scope).
NPM_CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/cdt-bench"
mkdir -p "$NPM_CACHE"
npm_tarball() {
  local tarball="$NPM_CACHE/${1//\//-}-$2.tgz"
  if [ ! -s "$tarball" ]; then
    curl -fsSL -o "$tarball.part" "https://registry.npmjs.org/$1/-/${1#*/}-$2.tgz"
    mv "$tarball.part" "$tarball"
  fi
  echo "$tarball"
}

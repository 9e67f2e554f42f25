# Sourced by the bench scripts: sets PAGES to the shared bench pages (form.html, the listing's
# generator), from BENCH_PAGES, else ../shared/bench-pages beside the checkout; exits 2 saying
# how to point at them when there are none.
PAGES="${BENCH_PAGES:-}"
for candidate in "$PWD/../shared/bench-pages" /work/shared/bench-pages; do
  if [ -z "$PAGES" ] && [ -f "$candidate/form.html" ]; then PAGES="$candidate"; fi
done
if [ -z "$PAGES" ]; then
  echo "$(basename "$0"): no bench pages found; set BENCH_PAGES=<dir with form.html and gen_listing.py>" >&2
  exit 2
fi

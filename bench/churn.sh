#!/usr/bin/env bash
# Actions on pages that change on their own (docs/snapshot-format.md, "Action feedback"): an
# autoplaying Bootstrap carousel (npm `bootstrap` 5.3.9, a slide every 1.5 s) and a looping
# Swiper (npm `swiper` 14.4.0, autoplay every 1.5 s), each beside a button that does nothing and
# a Like button, both fetched once into ~/.cache/cdt-bench (the registry is the only network
# this needs). After a 1 s agent's turn each time, BENCH_CLICKS (default 12) clicks of each kind:
# the dead button (how many the reply calls ACTION_NO_EFFECT, and how long the click took), Like
# (an effect every time) and the carousel's Next (an effect every time, waited for until the
# slide lands). A click whose dispatch meets a tick of the carousel counts that tick: the dead
# click is then told as an effect.
#
# BENCH_CDT=<path to another build's cdt> runs that build instead (its cdt-daemon beside it), to
# compare. Local server on 127.0.0.1 and a private CDT_HOME, both removed on exit. No thresholds.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=bench/npm.sh
source bench/npm.sh
BOOTSTRAP=$(npm_tarball bootstrap 5.3.9)
SWIPER=$(npm_tarball swiper 14.4.0)
cargo build --release --quiet -p cdt -p cdt-daemon
bash scripts/ensure-deps.sh
export CDT_HOME
CDT_HOME=$(mktemp -d /tmp/cdt-churn.XXXX)
export CDT_CONTEXT_ID=churn-bench
CDT="${BENCH_CDT:-$PWD/target/release/cdt}"
trap '"$CDT" daemon stop >/dev/null 2>&1 || true; rm -rf "$CDT_HOME"' EXIT
mkdir -p "$CDT_HOME/www/bootstrap" "$CDT_HOME/www/swiper"
tar xzf "$BOOTSTRAP" -C "$CDT_HOME/www/bootstrap"
tar xzf "$SWIPER" -C "$CDT_HOME/www/swiper"
BUTTONS='<button id=dead>Nothing here</button> <button id=like onclick="likes.textContent = String(+likes.textContent + 1)">Like</button> Likes: <span id=likes>0</span>'
cat > "$CDT_HOME/www/bootstrap.html" <<HTML
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Offers</title>
<link rel="stylesheet" href="bootstrap/package/dist/css/bootstrap.min.css"></head><body class="p-3">
<h1>Offers</h1>$BUTTONS
<div id="offers" class="carousel slide" data-bs-ride="carousel" data-bs-interval="1500" style="width:500px">
  <div class="carousel-indicators">
    <button type="button" data-bs-target="#offers" data-bs-slide-to="0" class="active" aria-current="true" aria-label="Slide 1"></button>
    <button type="button" data-bs-target="#offers" data-bs-slide-to="1" aria-label="Slide 2"></button>
    <button type="button" data-bs-target="#offers" data-bs-slide-to="2" aria-label="Slide 3"></button>
  </div>
  <div class="carousel-inner">
    <div class="carousel-item active"><div class="p-5 bg-info">Spring sale: 20% off</div></div>
    <div class="carousel-item"><div class="p-5 bg-warning">Free shipping over \$50</div></div>
    <div class="carousel-item"><div class="p-5 bg-success">New arrivals every week</div></div>
  </div>
  <button class="carousel-control-prev" type="button" data-bs-target="#offers" data-bs-slide="prev"><span class="carousel-control-prev-icon" aria-hidden="true"></span><span class="visually-hidden">Previous</span></button>
  <button class="carousel-control-next" type="button" data-bs-target="#offers" data-bs-slide="next"><span class="carousel-control-next-icon" aria-hidden="true"></span><span class="visually-hidden">Next</span></button>
</div>
<script src="bootstrap/package/dist/js/bootstrap.bundle.min.js"></script></body></html>
HTML
cat > "$CDT_HOME/www/swiper.html" <<HTML
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gallery</title>
<link rel="stylesheet" href="swiper/package/swiper-bundle.min.css"><script src="swiper/package/swiper-bundle.min.js"></script>
<style>.swiper { width: 600px; height: 200px } .swiper-slide { display: flex; align-items: center; justify-content: center; background: #eee }</style></head><body>
<h1>Gallery</h1>$BUTTONS
<div class="swiper"><div class="swiper-wrapper"><div class="swiper-slide">Slide one: mountains</div><div class="swiper-slide">Slide two: lakes</div><div class="swiper-slide">Slide three: forests</div></div>
<div class="swiper-pagination"></div><div class="swiper-button-prev"></div><div class="swiper-button-next"></div></div>
<script>new Swiper('.swiper', { pagination: { el: '.swiper-pagination', clickable: true }, navigation: { nextEl: '.swiper-button-next', prevEl: '.swiper-button-prev' }, a11y: true, autoplay: { delay: 1500 }, loop: true });</script></body></html>
HTML

python3 - "$CDT" "$CDT_HOME/www" <<'PY'
import json, os, statistics, subprocess, sys, time
sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
from benchkit import serve_dir  # noqa: E402

CDT, WWW = sys.argv[1:3]
CLICKS = int(os.environ.get("BENCH_CLICKS", "12"))
base = serve_dir(WWW)


def cdt(*args):
    out = subprocess.run([CDT, *args], capture_output=True, text=True)
    return json.loads(out.stdout)


print(f"{CLICKS} clicks of each kind, each after a 1 s turn: told ACTION_NO_EFFECT, and the click's p50 / max (durationMs)")
print("page                 dead button                Like                       Next")
for page, next_args in [("bootstrap", ["--text", "Next"]), ("swiper", ["--text", "Next slide"])]:
    cdt("page", "open", f"{base}/{page}.html")
    cdt("capture", "snapshot")
    cells = []
    for args in (["--selector", "#dead"], ["--selector", "#like"], next_args):
        flagged, times, failed = 0, [], 0
        for _ in range(CLICKS):
            time.sleep(1)
            reply = cdt("element", "click", *args)
            if not reply["ok"]:
                failed += 1
                continue
            times.append(reply["meta"]["durationMs"])
            flagged += any(w["code"] == "ACTION_NO_EFFECT" for w in reply["meta"].get("warnings", []))
        cell = f"{flagged:>2}/{CLICKS} no effect, {statistics.median(times):4.0f} / {max(times):4.0f} ms" if times else "failed"
        cells.append(cell + (f" ({failed} failed)" if failed else ""))
    print(f"{page:<20} " + "  ".join(f"{c:<26}" for c in cells))
    cdt("page", "close")
PY

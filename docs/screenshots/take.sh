#!/usr/bin/env bash
# Takes the README's screenshots of every scene from the real program under Xvfb, driven by
# xdotool like a player would (Debian: xvfb xdotool imagemagick). Run from the repository root:
#   bash docs/screenshots/take.sh
set -euo pipefail
OUT=${OUT:-docs/screenshots}
PY=${PY:-.venv/bin/python}
export DISPLAY=${XDISPLAY:-:97} SDL_FRAMEBUFFER_ACCELERATION=0 SDL_AUDIODRIVER=dummy
Xvfb "$DISPLAY" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null || true' EXIT
sleep 1

shot() { import -window root "$OUT/$1.png"; echo "took $1"; }
keys() { for k in "$@"; do xdotool key "$k"; sleep 0.9; done; }  # slow: the app must see each
start_app() {  # a fresh data folder each time: default settings, no saved match
  DATA=$(mktemp -d)
  "$PY" main.py --data-dir "$DATA" >/tmp/omnibus-shots.log 2>&1 &
  APP=$!
  sleep 5  # a loaded machine: the first key must find the window up
  # SDL puts the pointer in the middle, and hovering a menu item focuses it: hover Play, then
  # park the pointer in a corner so the keys below start from Play.
  xdotool mousemove 640 206; sleep 0.3; xdotool mousemove 1 719; sleep 0.3
}
stop_app() { kill "$APP" 2>/dev/null || true; wait "$APP" 2>/dev/null || true; }
# Answer whatever the table asks (trumps, a card, a summary) until the wanted moment.
play_for() { local end=$((SECONDS + $1)); while [ $SECONDS -lt $end ]; do xdotool key Return; sleep 0.7; done; }

# 1. One player against three bots: menus, the table, pause, settings, rules, last trick, help.
start_app
shot title
keys Return; shot choice
keys Return; shot seats
keys Up Up Return; sleep 2.2; shot table-deal
sleep 3; shot table-first-four
play_for 12; sleep 1.5; shot table-play
xdotool mousemove 600 640 mousedown 1; sleep 0.2
for y in 600 560 520 480 440 400; do xdotool mousemove 610 $y; sleep 0.05; done
sleep 0.3; shot table-drag
xdotool mousemove 610 660; sleep 0.1; xdotool mouseup 1; xdotool mousemove 1 719; sleep 1.2
keys l; shot table-last-trick; keys l
keys h; shot table-help; keys h
keys Escape; shot pause
keys Down Return; sleep 0.5; shot rules; keys Right; sleep 0.3; shot rules-page-2; keys Escape
keys Down Return; sleep 0.3; shot settings; keys Escape Escape
stop_app

# 2. Two people on one screen: the curtain between them.
dark() {  # the curtain darkens the whole window
  import -window root /tmp/omnibus-probe.png
  [ "$(convert /tmp/omnibus-probe.png -format '%[fx:mean<0.12]' info:)" = 1 ]
}
start_app
keys Return Return
keys Down Down Down Down Down Down Left   # seat 3 (top, Kamala) becomes a person
for _ in 1 2 3 4 5 6 7 8 9; do xdotool key Down; sleep 0.3; done
keys Return
for _ in $(seq 1 80); do
  if dark; then break; fi
  xdotool key Return; sleep 0.6
done
shot curtain
keys space; sleep 1.5; shot curtain-after
stop_app

# 3. Quick bots for one hand, to the summary and the results.
start_app
keys Up Up Return Down Right Escape             # settings: bot pace quick (animation stays normal)
keys Down Down Return Return Right               # play, Omi, seat 1 becomes a bot
for _ in $(seq 1 14); do xdotool key Down; sleep 0.3; done
keys Right Down Return                           # one hand; start
summary_showing() {  # the summary's dark panel covers a spot that is otherwise bare felt
  import -window root /tmp/omnibus-probe.png
  "$PY" -c "import pygame,sys; c=pygame.image.load('/tmp/omnibus-probe.png').get_at((420,210)); sys.exit(0 if c.g < 60 else 1)" 2>/dev/null
}
for _ in $(seq 1 120); do if summary_showing; then break; fi; sleep 0.4; done
shot summary
sleep 8; shot results
stop_app

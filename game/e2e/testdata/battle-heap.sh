#!/usr/bin/env bash
# battle-heap.sh [BINARY] [SCENARIO]: the Go heap of the real game in a
# battle of the largest shipped scenario (default smle-platoon-attack).
# Starts the game on its own Xvfb with GODEBUG=gctrace=1, accepts both
# deployments, lifts the curtain, moves the pointer over the table for a
# while, and reads the collector's own lines: the live heap after each
# collection (the third figure of "A->B->C MB"). Prints the largest and
# the last. Needs Xvfb and xdotool. Build first: go build -o hedgerow .
set -euo pipefail
bin=${1:-./hedgerow}
scen=${2:-smle-platoon-attack}
exec 3< <(Xvfb -displayfd 1 -screen 0 1280x800x24 -nolisten tcp 2>/dev/null & echo "pid $!")
read -r _ xv <&3
read -r num <&3
export DISPLAY=:$num
dir=$(mktemp -d)
GODEBUG=gctrace=1 "$bin" --no-resume --autosave "$dir/heap.save" --scenario "$scen" >/dev/null 2>"$dir/gc.log" & app=$!
trap 'kill $app $xv 2>/dev/null || true' EXIT
sleep 4
wid=$(xdotool search --onlyvisible --pid $app | head -1)
for k in Return Return Return; do xdotool key --window "$wid" $k; sleep 1; done
xdotool mousemove --window "$wid" 640 400 click 1; sleep 3
xdotool mousemove --window "$wid" 640 400 click 1; sleep 2
xdotool mousemove 640 400 keydown space sleep 0.4 keyup space; sleep 2 # lift the curtain (held: a slow frame must see it)
start=$(grep -c '^gc ' "$dir/gc.log" || true)
for i in $(seq 1 20); do xdotool mousemove --window "$wid" $((200 + i * 40)) $((200 + (i % 5) * 80)); sleep 0.3; done
sleep 2
if [ -n "${HEAP_SHOT:-}" ]; then import -window root "$HEAP_SHOT"; fi # what was on screen
kill $app 2>/dev/null || true
wait $app 2>/dev/null || true
grep '^gc ' "$dir/gc.log" | sed -E 's/.* ([0-9]+)->([0-9]+)->([0-9]+) MB.*/\3/' >"$dir/live"
n=$(wc -l <"$dir/live")
echo "collections: $n ($((n - start)) in battle)"
echo "live heap after a collection: largest $(sort -n "$dir/live" | tail -1) MB, last $(tail -1 "$dir/live") MB"

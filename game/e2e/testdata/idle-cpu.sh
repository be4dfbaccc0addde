#!/usr/bin/env bash
# idle-cpu.sh [BINARY]: how much of a core an idle battle uses.
# Starts the game on its own Xvfb, accepts both deployments of the
# standard game, lifts the curtain, lets the table settle, then reads the
# process's CPU time over 10 seconds. Needs Xvfb and xdotool (make test
# installs them). Build first: go build -o hedgerow .
set -euo pipefail
bin=${1:-./hedgerow}
disp=:$(( (RANDOM % 300) + 400 ))
Xvfb $disp -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 & xv=$!
trap 'kill $app $xv 2>/dev/null || true' EXIT
sleep 1
export DISPLAY=$disp
save=$(mktemp -d)/idle.save
"$bin" --no-resume --autosave "$save" --scenario ssg-standard >/dev/null 2>&1 & app=$!
sleep 4
wid=$(xdotool search --onlyvisible --pid $app | head -1)
for k in Return Return Return; do xdotool key --window "$wid" $k; sleep 1; done
xdotool mousemove --window "$wid" 640 400 click 1; sleep 3
xdotool mousemove --window "$wid" 640 400 click 1; sleep 2
xdotool mousemove --window "$wid" 300 300 click 1; sleep 1
xdotool mousemove --window "$wid" 500 300; sleep 3
ticks() { awk '{print $14+$15}' /proc/$app/stat; }
t0=$(ticks); sleep 10; t1=$(ticks)
hz=$(getconf CLK_TCK)
pm=$(( (t1-t0)*1000/hz/10 )) # thousandths of a core
echo "idle battle: $((pm/10)).$((pm%10))% of a core over 10 s ($((t1-t0)) ticks of 1/$hz s)"

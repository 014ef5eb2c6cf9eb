#!/usr/bin/env bash
# The evening-with-friends screenshots (issue 20): the app on a virtual X screen (Xvfb), driven by real mouse and
# keyboard events (xdotool), three people and a computer from New Game through a takeover between two people, a
# declined and re-sent offer, a save, quit and resume. Needs Xvfb, xdotool and ImageMagick (../../shared/tools/xshot
# installs them). Run from the repository root with its venv active:
#   bash docs/screenshots/evening/run_evening.sh 1920x1080 /tmp/evening-shots
set -uo pipefail
geom=$1; out=$2
here=$(cd "$(dirname "$0")" && pwd)
home=$(mktemp -d /tmp/evening-home.XXXX)  # fresh preferences, saves and autosave: nothing of the user's is touched
mkdir -p "$home/config/Illuminopoly" "$home/data" "$home/state" "$home/cache" "$out"
cat > "$home/config/Illuminopoly/preferences.json" <<'JSON'
{"new_game": {"seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"},
                        {"name": "Cpu", "kind": "computer", "strength": "schemer"}]},
 "computer_pace_ms": 350}
JSON
disp=":$((100 + RANDOM % 800))"
Xvfb "$disp" -screen 0 "${geom}x24" -nolisten tcp >/dev/null 2>&1 & xpid=$!
sleep 1
export DISPLAY=$disp QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data \
       XDG_STATE_HOME=$home/state XDG_CACHE_HOME=$home/cache
timeout 300 python "$here/evening.py" new "$out" 2>&1 | grep -v "propagateSizeHints"
python "$here/prepare_save.py" "$home/takeover.illuminopoly.json" > /dev/null
timeout 400 python "$here/evening.py" takeover "$out" "$home/takeover.illuminopoly.json" 2>&1 | grep -v "propagateSizeHints"
timeout 120 python "$here/evening.py" resume "$out" 2>&1 | grep -v "propagateSizeHints"
kill $xpid

#!/usr/bin/env bash
# The guide's HexGui picture (docs/src/screenshots/hexgui.png): HexGui, built from its
# repository (github.com/selinger/hexgui, `ant`), with `arbiter htp` attached, under Xvfb; its
# toolbar's Solve button sends `param_dfpn use_guifx 1` and `dfpn-solve-state black`, and
# draws arbiter's answer: each winning first move of the empty 5 x 5 board W (green), each
# losing one L (red). Needs Debian's default-jdk-headless, ant, xvfb, xdotool, imagemagick.
#
#   tools/hexgui-screenshot.sh /path/to/hexgui
set -euo pipefail
hexgui=${1:?the HexGui folder (after ant)}
root=$(cd "$(dirname "$0")/.." && pwd)
position=$(mktemp --suffix .sgf)
printf '(;FF[4]AP[HexGui:1.0.]GM[11]SZ[5])\n' > "$position"
Xvfb :99 -screen 0 1100x850x24 & xvfb=$!
trap 'kill $xvfb $java 2>/dev/null || true' EXIT
sleep 2
DISPLAY=:99 java -jar "$hexgui/lib/hexgui.jar" -program "$root/target/release/arbiter htp" "$position" & java=$!
sleep 8
# The Solve button of HexGui 0.10's toolbar, at 1100 x 850.
DISPLAY=:99 xdotool mousemove 724 66 click 1
sleep 4
DISPLAY=:99 import -window root -crop 902x612+0+0 +repage "$root/docs/src/screenshots/hexgui.png"

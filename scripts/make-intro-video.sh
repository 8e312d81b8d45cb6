#!/usr/bin/env bash
# Renders a short, calm intro video for an activity (a breathing circle and three lines of text) as
# WebM/VP9, for client/public/video/. Needs ffmpeg (Debian: apt-get install ffmpeg) and DejaVu fonts.
# usage: scripts/make-intro-video.sh <out.webm> "<title>" "<subtitle>" "<line 2>" "<line 3>"
set -euo pipefail
out=$1 title=$2 subtitle=$3 line2=$4 line3=$5
serif=/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf
sans=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
esc() { printf '%s' "$1" | sed "s/[:']/\\\\&/g"; }
r='60+22*sin(2*PI*T/8)'                  # one slow breath every 8 seconds
in="lte(hypot(X-320\,Y-140)\,$r)"
first="if(lt(t\,5)\,min(1\,t)\,max(0\,6-t))"
second="if(between(t\,6\,11)\,min(1\,t-6)\,0)"
third="if(gte(t\,11)\,min(1\,t-11)\,0)"
ffmpeg -loglevel error -y -f lavfi -i "color=c=0xF4EBDD:s=640x360:r=24:d=16,format=rgb24" -vf "\
geq=r='if($in\,31\,244)':g='if($in\,92\,235)':b='if($in\,87\,221)',\
drawtext=fontfile=$serif:text='$(esc "$title")':fontcolor=0x2B2622:fontsize=34:x=(w-text_w)/2:y=240:alpha='$first',\
drawtext=fontfile=$sans:text='$(esc "$subtitle")':fontcolor=0x5C544D:fontsize=20:x=(w-text_w)/2:y=290:alpha='$first',\
drawtext=fontfile=$sans:text='$(esc "$line2")':fontcolor=0x2B2622:fontsize=24:x=(w-text_w)/2:y=255:alpha='$second',\
drawtext=fontfile=$sans:text='$(esc "$line3")':fontcolor=0xA4502F:fontsize=22:x=(w-text_w)/2:y=255:alpha='$third',\
format=yuv420p" -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -cpu-used 4 "$out"

#!/usr/bin/env bash
# Synthesises every sound of the 7-phase meditation tool as small mono MP3s: the free ones in
# client/public/audio/meditation/ (public files, /audio/meditation/*.mp3), the premium gongs and backgrounds in
# assets/private/meditation-audio/ (served only to premium users, by GET /api/meditation/audio/{file}):
#   bell-start, bell-end                     struck bells (inharmonic sine partials, exponential decay)
#   gong-classic, gong-tibetan-bowl,         one strike each, 6.5–8 s
#   gong-deep-zen, gong-crystal-bell
#   bg-stress-relief, bg-forest, bg-ocean,   42 s backgrounds that loop seamlessly (the loop's end runs
#   bg-soft-rain, bg-ambient-piano             into its start; 20 ms edge ramps in case a player leaves a gap)
#   intro, voice-<phase>, guided-<phase>     Spanish speech (espeak-ng), for the phases presence, gratitude,
#                                              love, forgiveness, vision, choice and connection
# Nothing is downloaded and no recording is used: tones and noises come from sox, speech from espeak-ng,
# the MP3s from ffmpeg/libmp3lame. So the sounds carry no outside attribution requirement and are covered by
# the same licence as the rest of this repository (this note lives here, not beside them: everything in
# client/public/ is published). The spoken texts are in scripts/meditation-texts/<name>.txt (one phrase
# per line, "[pausa N]" = N s of silence after the previous phrase, "#" = comment): edit and run again.
# Needs (Debian): apt-get install sox libsox-fmt-all espeak-ng ffmpeg
# usage: scripts/make-meditation-audio.sh [out-dir [premium-dir]]
#        (defaults: client/public/audio/meditation, assets/private/meditation-audio)
#        MEDITATION_VOICE=es scripts/make-meditation-audio.sh   (espeak-ng voice, default es-419)
# Idempotent: all randomness is seeded (sox -R, fixed awk seeds) and ffmpeg writes bit-exact files, so
# every run rewrites the same bytes. Everything is built in a temporary directory first and the MP3s are
# moved into place at the end. Takes about a minute (it runs some 1,600 small processes).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
texts=$here/meditation-texts
out=${1:-$(dirname "$here")/client/public/audio/meditation}
premium_out=${2:-$(dirname "$here")/assets/private/meditation-audio}
# The premium sounds (course/meditation.ts: premium: true).
premium=(gong-tibetan-bowl gong-deep-zen gong-crystal-bell bg-forest bg-ocean bg-soft-rain bg-ambient-piano)
voice=${MEDITATION_VOICE:-es-419}
phases=(presence gratitude love forgiveness vision choice connection)

for cmd in sox espeak-ng ffmpeg awk; do
  command -v "$cmd" >/dev/null || { echo "$0: needs $cmd (apt-get install sox libsox-fmt-all espeak-ng ffmpeg)" >&2; exit 1; }
done
espeak-ng --voices=es | awk -v v="$voice" '$2 == v { found = 1 } END { exit !found }' ||
  { echo "$0: espeak-ng has no Spanish voice '$voice' (see espeak-ng --voices=es)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/mp3" "$out" "$premium_out"

S=(sox -R -V2)          # -R: repeatable (fixed noise seed); -V2: errors and warnings (e.g. clipping)
calc() { awk "BEGIN { printf \"%.4f\", $1 }"; }
# syn <out.wav> <rate> <effects...>: generates audio from nothing (synth ... as first effect), 32-bit mono.
syn() { local o=$1 r=$2; shift 2; "${S[@]}" -r "$r" -c 1 -n -b 32 "$o" "$@"; }
# mix <out.wav> <in>...: sums the inputs at unity gain; shorter inputs continue as silence.
mix() {
  local o=$1 a=() f; shift
  if (($# == 1)); then cp "$1" "$o"; return; fi
  for f; do a+=(-v 1 "$f"); done
  "${S[@]}" -m "${a[@]}" "$o"
}
# place <out.wav> "<start s> <file>"...: mixes each file in at its start time.
place() {
  local o=$1 a=() e t f; shift
  for e; do read -r t f <<<"$e"; a+=(-v 1 "|sox -R -V1 $f -p pad $t 0"); done
  if (($# == 1)); then "${S[@]}" "$f" "$o" pad "$t" 0; else "${S[@]}" -m "${a[@]}" "$o"; fi
}
# tone <out.wav> <rate> <len> <freq[:freq2]> <amp> <decay>: one sine partial with a 5 ms attack and an
# exponential decay (sox's "l" fade: 100 dB over <decay> s), padded or cut to <len> s.
tone() { syn "$1" "$2" synth "$6" sine "$4" vol "$5" fade q 0.005 fade l 0 "$6" "$6" $(fit "$6" "$3"); }
# fit <length s> <wanted s>: the sox effect that pads or cuts audio of the first length to the second.
fit() { awk -v d="$1" -v l="$2" 'BEGIN { if (d < l) printf "pad 0 %.6f", l - d; else printf "trim 0 %s", l }'; }
# partials <out.wav> <rate> <len> <f0> "<ratio> <amp> <decay>"...: the sum of tone()s on f0·ratio.
partials() {
  local o=$1 r=$2 len=$3 f0=$4 i=0 p ratio amp dec files=(); shift 4
  for p; do
    read -r ratio amp dec <<<"$p"; i=$((i + 1))
    tone "$o.$i.wav" "$r" "$len" "$(calc "$f0 * $ratio")" "$amp" "$dec"
    files+=("$o.$i.wav")
  done
  mix "$o" "${files[@]}"; rm -f "${files[@]}"
}
# loop <in.wav> <out.wav> <len> <xfade> <curve>: <len> s of <in> whose first <xfade> s are cross-faded with
# the <xfade> s that follow <len>, so the end flows into the start. Curve q (equal power) for noise, t
# (linear, exact for signals that already repeat every <len> s).
loop() {
  local in=$1 o=$2 len=$3 x=$4 c=$5
  "${S[@]}" "$in" "$o.head.wav" trim 0 "$x" fade "$c" "$x"
  "${S[@]}" "$in" "$o.tail.wav" trim "$len" "$x" fade "$c" 0 "$x" "$x"
  "${S[@]}" "$in" "$o.body.wav" trim "$x" "$(calc "$len - $x")"
  mix "$o.x.wav" "$o.head.wav" "$o.tail.wav"
  "${S[@]}" "$o.x.wav" "$o.body.wav" "$o"
  rm -f "$o".{head,tail,body,x}.wav
}
# fold <in.wav> <out.wav> <len>: wraps whatever rings on after <len> s back onto the start (for event
# tracks: a note struck near the end decays on into the beginning of the next round).
fold() {
  local in=$1 o=$2 len=$3
  local d; d=$(soxi -D "$in")
  "${S[@]}" "$in" "$o.a.wav" $(fit "$d" "$len")
  if awk -v d="$d" -v l="$len" 'BEGIN { exit !(d > l + 0.00001) }'; then
    "${S[@]}" "$in" "$o.b.wav" trim "$len"
    mix "$o" "$o.a.wav" "$o.b.wav"; rm -f "$o.b.wav" "$o.a.wav"
  else mv "$o.a.wav" "$o"; fi
}
# level <in.wav> <out.wav> <dB>: sets the RMS level to <dB> dBFS (peaks kept below -1 dBFS).
level() {
  local g
  g=$("${S[@]}" "$1" -n stats 2>&1 | awk -v t="$3" '/^RMS lev dB/ { r = $4 } /^Pk lev dB/ { p = $4 }
    END { g = t - r; if (g > -1 - p) g = -1 - p; printf "%.2f", g }')
  "${S[@]}" "$1" "$2" gain "$g"
}
# mp3 <in.wav> <name> <rate> <kbit/s>: mono CBR MP3 into the staging directory, without metadata.
mp3() {
  ffmpeg -nostdin -loglevel error -y -i "$1" -map_metadata -1 -fflags +bitexact -flags:a +bitexact \
    -ac 1 -ar "$3" -c:a libmp3lame -b:a "$4k" "$tmp/mp3/$2.mp3"
}

### Bells and gongs (44.1 kHz, 64 kbit/s) #########################################################
# In tone() and partials() the decay is the time a partial takes to fall by 100 dB; decays longer than
# the file make a sound that still rings at the end, where finish() fades it out over a second.
R=44100
# A mallet's contact: 40 ms of high, quickly decaying noise.
syn "$tmp/strike.wav" $R synth 0.04 pinknoise vol 0.05 highpass 1800 fade l 0 0.04 0.04
# bell <out.wav> <len> <decay> <f0> <amp>: a small temple bell: hum, doubled prime (beating at 2 Hz)
# and the inharmonic modes of a free bar (2.76, 5.40, 8.93), the higher ones dying sooner.
bell() {
  local d=$3
  partials "$1.p.wav" $R "$2" "$4" "1 0.30 $d" "1.003 0.18 $(calc "$d * 0.85")" "0.5 0.08 $d" \
    "2.756 0.14 $(calc "$d * 0.5")" "5.404 0.07 $(calc "$d * 0.3")" "8.933 0.035 $(calc "$d * 0.17")"
  mix "$1.m.wav" "$1.p.wav" "$tmp/strike.wav"
  "${S[@]}" "$1.m.wav" "$1" vol "$5"; rm -f "$1.p.wav" "$1.m.wav"
}
# finish <in.wav> <name> <len> <reverb args...>: room, cut to length, 1 s fade-out, peak at -1 dBFS.
finish() {
  local in=$1 name=$2 len=$3; shift 3
  "${S[@]}" "$in" "$tmp/$name.rv.wav" reverb "$@"
  "${S[@]}" "$tmp/$name.rv.wav" "$tmp/$name.wav" trim 0 "$len" fade q 0 "$len" 1 gain -n -1
  mp3 "$tmp/$name.wav" "$name" $R 64
}

bell "$tmp/b1.wav" 5.5 12 659.25 1                                # E5, one strike
finish "$tmp/b1.wav" bell-start 5.5 35 50 60 0 0 -4
# D5 (a tone lower), three strikes 1.4 s apart, each ringing on under the next
bell "$tmp/e0.wav" 5.8 10 587.33 0.8
bell "$tmp/e1.wav" 4.4 10 587.33 0.9
bell "$tmp/e2.wav" 3 10 587.33 1
place "$tmp/e.wav" "0 $tmp/e0.wav" "1.4 $tmp/e1.wav" "2.8 $tmp/e2.wav"
finish "$tmp/e.wav" bell-end 5.8 35 50 60 0 0 -4

# Classic gong: a dense cluster of inharmonic modes over a 110 Hz fundamental that sags slightly, plus a
# swell of band-limited noise (the shimmer that blooms a moment after the hit).
partials "$tmp/g1.wav" $R 7.5 110 "1 0.22 16" "1.006 0.12 15" "1.51 0.13 13" "2.03 0.12 12" "2.47 0.10 10" \
  "3.12 0.09 9" "3.83 0.08 8" "4.41 0.07 7" "5.26 0.05 6" "6.37 0.04 5" "7.9 0.03 4"
tone "$tmp/g1s.wav" $R 7.5 "112:107" 0.1 14
syn "$tmp/g1n.wav" $R synth 7.5 pinknoise vol 0.08 sinc 400-3000 fade h 0.6 fade l 0 7.5 6.9
mix "$tmp/g1m.wav" "$tmp/g1.wav" "$tmp/g1s.wav" "$tmp/g1n.wav" "$tmp/strike.wav"
finish "$tmp/g1m.wav" gong-classic 7.5 50 50 80 0 0 -3

# Singing bowl: three modes (1, 2.77, 5.15), each a close pair of frequencies that beat slowly, a long
# sustain and a soft felt mallet.
partials "$tmp/g2.wav" $R 8 196 "1 0.22 26" "1.008 0.18 26" "2.77 0.12 18" "2.782 0.10 18" \
  "5.15 0.05 10" "5.166 0.04 10" "8.18 0.02 6"
"${S[@]}" "$tmp/g2.wav" "$tmp/g2f.wav" fade q 0.015
finish "$tmp/g2f.wav" gong-tibetan-bowl 8 40 60 70 0 0 -5

# Deep zen gong: C2 (65 Hz) with near-harmonic modes so it is heard on small speakers too, a very slow
# beat, a soft 30 ms onset, darkened and in a big room.
partials "$tmp/g3.wav" $R 8 65.41 "1 0.25 24" "1.004 0.18 24" "2.01 0.16 18" "2.98 0.11 14" \
  "4.13 0.07 9" "5.41 0.045 7" "6.9 0.025 5"
"${S[@]}" "$tmp/g3.wav" "$tmp/g3f.wav" fade q 0.03 lowpass 2500
finish "$tmp/g3f.wav" gong-deep-zen 8 70 60 100 0 10 -3

# Crystal bell: a high E6, nearly pure, two partials 3 Hz apart for the shimmer, a faint octave.
partials "$tmp/g4.wav" $R 6.5 1318.5 "1 0.25 18" "1.0025 0.2 18" "2 0.03 8" "0.5 0.02 12" "3.01 0.012 5"
mix "$tmp/g4m.wav" "$tmp/g4.wav" "$tmp/strike.wav"
finish "$tmp/g4m.wav" gong-crystal-bell 6.5 70 20 80 0 20 -2

### Backgrounds: 42 s seamless loops (22.05 kHz, 48 kbit/s) ######################################
R=22050 L=42 X=4 W=2            # loop length, cross-fade, warm-up thrown away (filters, reverb)
T=$((W + L + X))
# background <name> <bed.wav|-> <events.wav|->: bed = a continuous T s layer (looped by cross-fading),
# events = a layer of notes, birds, waves or drops placed within [W, W+L) (looped by folding).
background() {
  local name=$1 bed=$2 ev=$3 parts=()
  if [[ $bed != - ]]; then
    "${S[@]}" "$bed" "$tmp/$name.bed.wav" trim $W
    loop "$tmp/$name.bed.wav" "$tmp/$name.bedl.wav" $L $X "${4:-q}"; parts+=("$tmp/$name.bedl.wav")
  fi
  if [[ $ev != - ]]; then
    "${S[@]}" "$ev" "$tmp/$name.ev.wav" trim $W
    fold "$tmp/$name.ev.wav" "$tmp/$name.evl.wav" $L; parts+=("$tmp/$name.evl.wav")
  fi
  mix "$tmp/$name.mix.wav" "${parts[@]}"
  level "$tmp/$name.mix.wav" "$tmp/$name.lv.wav" -27
  "${S[@]}" "$tmp/$name.lv.wav" "$tmp/$name.wav" fade t 0.02 -0 0.02
  mp3 "$tmp/$name.wav" "$name" $R 48
}
# q <freq>: the nearest frequency with a whole number of cycles in L s (so the layer repeats exactly).
q() { calc "int($1 * $L + 0.5) / $L"; }

# Stress relief: a warm D add9 drone (D2 A2 D3 A3 E4 F#4), every voice a soft triangle wave and a sine a
# fraction of a hertz above it, each swelling with its own slow tremolo; all frequencies make whole
# cycles in L s, so the drone repeats exactly.
i=0 pad=()
for v in "73.42 0.12 1 40" "110 0.1 2 50" "146.83 0.08 3 45" "220 0.06 1 60" "329.63 0.035 4 70" "369.99 0.025 3 70"; do
  read -r f a tr depth <<<"$v"; i=$((i + 1))
  syn "$tmp/pad$i.wav" $R synth $T triangle "$(q "$f")" vol "$a" tremolo "$(calc "$tr / $L")" "$depth"
  syn "$tmp/pad$i.d.wav" $R synth $T sine "$(calc "$(q "$f") + $((i + 1)) / $L")" vol "$(calc "$a * 0.7")" \
    tremolo "$(calc "($tr + 1) / $L")" "$depth"
  pad+=("$tmp/pad$i.wav" "$tmp/pad$i.d.wav")
done
mix "$tmp/pad.wav" "${pad[@]}"
"${S[@]}" "$tmp/pad.wav" "$tmp/padr.wav" lowpass 1500 reverb 60 60 100 0 0 -4
background bg-stress-relief "$tmp/padr.wav" - t

# Forest: wind (low rumble plus a band of leaf noise, both gusting slowly) and birds: phrases of
# chirps (falling chips, two-note whistles, fast trills) every few seconds, some nearer than others.
syn "$tmp/wind1.wav" $R synth $T brownnoise vol 0.5 highpass 50 lowpass 450 tremolo 0.05 45
syn "$tmp/wind2.wav" $R synth $T pinknoise vol 0.18 sinc 700-2600 tremolo 0.09 60 tremolo 0.031 50
mix "$tmp/wind.wav" "$tmp/wind1.wav" "$tmp/wind2.wav"
# each line: start type base-frequency volume count
awk -v w=$W -v l=$L 'BEGIN { srand(11); t = w + 0.8
  while (t < w + l - 1) { ty = int(rand() * 3); printf "%.2f %d %.0f %.3f %d\n", t, ty, \
    (ty == 0 ? 3300 : ty == 1 ? 2300 : 4200) + rand() * 900, 0.2 + rand() * 0.3, 3 + int(rand() * 5); t += 2.2 + rand() * 2.6 } }' \
  >"$tmp/birds.txt"
n=0 birds=()
while read -r t ty f v c; do
  n=$((n + 1)) chirps=()
  for ((k = 0; k < (ty == 2 ? c + 5 : ty == 1 ? 2 : c); k++)); do
    cf="$tmp/bird$n.$k.wav"
    case $ty in
      0) syn "$cf" $R synth 0.07 sine "$f:$(calc "$f * 0.68")" vol "$v" fade h 0.01 0.07 0.04 pad 0 0.09 ;;
      1) if ((k == 0)); then syn "$cf" $R synth 0.32 sine "$f:$(calc "$f * 1.18")" vol "$v" fade h 0.05 0.32 0.1 pad 0 0.12
         else syn "$cf" $R synth 0.42 sine "$(calc "$f * 1.12"):$(calc "$f * 0.86")" vol "$v" fade h 0.04 0.42 0.2; fi ;;
      2) syn "$cf" $R synth 0.035 sine "$(calc "$f * 1.12"):$f" vol "$(calc "$v * 0.8")" fade h 0.008 0.035 0.02 pad 0 0.028 ;;
    esac
    chirps+=("$cf")
  done
  if ((${#chirps[@]} > 1)); then "${S[@]}" "${chirps[@]}" "$tmp/bird$n.wav"; else mv "${chirps[0]}" "$tmp/bird$n.wav"; fi
  birds+=("$t $tmp/bird$n.wav")
done <"$tmp/birds.txt"
place "$tmp/birdsraw.wav" "${birds[@]}"
"${S[@]}" "$tmp/birdsraw.wav" "$tmp/birdsr.wav" highpass 1200 reverb 50 40 80 0 15 -6
background bg-forest "$tmp/wind.wav" "$tmp/birdsr.wav"

# Ocean: a steady low rumble and waves, every 5.5–8.5 s, each a swell of filtered noise (slow rise,
# longer fall) with a hiss of foam at its crest. Every wave takes its own stretch of one long noise.
syn "$tmp/rumble.wav" $R synth $T brownnoise vol 0.35 highpass 35 lowpass 300
syn "$tmp/pink.wav" $R synth 150 pinknoise
syn "$tmp/white.wav" $R synth 150 whitenoise vol 0.5
awk -v w=$W -v l=$L 'BEGIN { srand(23); t = w + 0.5
  while (t < w + l - 2) { printf "%.2f %.2f %.2f %.0f %.2f\n", t, 7 + rand() * 3, 2 + rand() * 1.2, 700 + rand() * 700, 0.5 + rand() * 0.4; t += 5.5 + rand() * 3 } }' \
  >"$tmp/waves.txt"
n=0 waves=()
while read -r t d rise lp v; do
  n=$((n + 1)) off=$((n * 11))
  "${S[@]}" "$tmp/pink.wav" "$tmp/wave$n.b.wav" trim $off "$d" lowpass "$lp" vol "$v" fade h "$rise" "$d" "$(calc "$d - $rise")"
  "${S[@]}" "$tmp/white.wav" "$tmp/wave$n.c.wav" trim $off "$(calc "$rise + 2.5")" sinc 1500-4000 vol "$(calc "$v * 0.22")" \
    fade h "$(calc "$rise * 0.9")" "$(calc "$rise + 2.5")" "$(calc "2.5 + $rise * 0.1")"
  mix "$tmp/wave$n.wav" "$tmp/wave$n.b.wav" "$tmp/wave$n.c.wav"
  waves+=("$t $tmp/wave$n.wav")
done <"$tmp/waves.txt"
place "$tmp/wavesraw.wav" "${waves[@]}"
"${S[@]}" "$tmp/wavesraw.wav" "$tmp/wavesr.wav" reverb 40 60 100 0 0 -8
background bg-ocean "$tmp/rumble.wav" "$tmp/wavesr.wav"

# Soft rain: a bed of filtered noise with a little patter hiss, and about one and a half drops a second:
# small bubbles (short rising sines) and ticks on leaves (clicks of high noise).
syn "$tmp/rain1.wav" $R synth $T pinknoise vol 0.12 highpass 400 lowpass 3500
syn "$tmp/rain2.wav" $R synth $T whitenoise vol 0.02 sinc 3000-8000 tremolo 0.07 25
syn "$tmp/rain3.wav" $R synth $T brownnoise vol 0.05 highpass 35 lowpass 200
mix "$tmp/rain.wav" "$tmp/rain1.wav" "$tmp/rain2.wav" "$tmp/rain3.wav"
syn "$tmp/tick.wav" $R synth 0.012 whitenoise vol 0.5 highpass 2500 fade l 0 0.012 0.012
awk -v w=$W -v l=$L 'BEGIN { srand(37); t = w + 0.2
  while (t < w + l) { printf "%.3f %d %.0f %.3f %.3f\n", t, rand() < 0.55, 1200 + rand() * 1800, 0.15 + rand() * 0.3, 0.025 + rand() * 0.035; t += 0.12 + -log(1 - rand()) * 0.55 } }' \
  >"$tmp/drops.txt"
# one track of back-to-back drops: each drop followed by the silence up to the next one
drops=("$tmp/lead.wav")
syn "$tmp/lead.wav" $R trim 0 "$(calc "$(head -1 "$tmp/drops.txt" | cut -d' ' -f1) - $W")"
mapfile -t rows <"$tmp/drops.txt"
for ((n = 0; n < ${#rows[@]}; n++)); do
  read -r t bubble f v d <<<"${rows[n]}"
  next=$(if ((n + 1 < ${#rows[@]})); then cut -d' ' -f1 <<<"${rows[n + 1]}"; else echo $((W + L)); fi)
  if ((bubble)); then
    syn "$tmp/drop$n.wav" $R synth "$d" sine "$f:$(calc "$f * 1.6")" vol "$v" fade l 0.002 "$d" "$d" pad 0 "$(calc "$next - $t - $d")"
  else
    "${S[@]}" "$tmp/tick.wav" "$tmp/drop$n.wav" vol "$(calc "$v * 0.6")" pad 0 "$(calc "$next - $t - 0.012")"
  fi
  drops+=("$tmp/drop$n.wav")
done
"${S[@]}" "${drops[@]}" "$tmp/dropsraw.wav"
"${S[@]}" "$tmp/dropsraw.wav" "$tmp/dropsr.wav" reverb 30 50 50 0 0 -8 pad $W 0
background bg-soft-rain "$tmp/rain.wav" "$tmp/dropsr.wav"

# Ambient piano: a slow walk over C major pentatonic (G3–E5), a note every 1.8–3.2 s, over bass notes
# C3, A2, F2, G2. A note: six slightly stretched harmonics (like a real string), the higher ones dying
# sooner, a faint detuned unison, softened with a low-pass filter and a room; notes ring 9 s (bass 12 s),
# so they overlap and the last ones carry on into the start of the loop.
awk -v w=$W -v l=$L 'BEGIN { srand(5); split("55 57 60 62 64 67 69 72 74 76", sc, " "); i = 5; t = w + 0.3
  split("48 45 41 43", bs, " "); for (b = 0; b < 4; b++) printf "%.2f %d %.2f 12\n", w + 1 + b * l / 4, bs[b + 1], 0.55
  while (t < w + l - 0.5) { printf "%.2f %d %.2f 9\n", t, sc[i], 0.45 + rand() * 0.4
    i += int(rand() * 5) - 2; if (i < 1) i = 2; if (i > 10) i = 9; t += 1.8 + rand() * 1.4 } }' >"$tmp/notes.txt"
n=0 notes=()
while read -r t m v d; do
  n=$((n + 1)) f=$(calc "440 * 2 ^ (($m - 69) / 12)") h=()
  for k in 1 2 3 4 5 6; do
    a=$(awk -v k=$k -v v="$v" 'BEGIN { split("0.30 0.15 0.08 0.045 0.025 0.015", a, " "); printf "%.4f", a[k] * v }')
    tone "$tmp/n$n.$k.wav" $R "$d" "$(calc "$f * $k * sqrt(1 + 0.0004 * $k * $k)")" "$a" "$(calc "$d * (1.5 - $k * 0.18)")"
    h+=("$tmp/n$n.$k.wav")
  done
  tone "$tmp/n$n.u.wav" $R "$d" "$(calc "$f * 1.0015")" "$(calc "$v * 0.08")" "$d"
  mix "$tmp/n$n.m.wav" "${h[@]}" "$tmp/n$n.u.wav"; rm -f "${h[@]}" "$tmp/n$n.u.wav"
  notes+=("$t $tmp/n$n.m.wav")
done <"$tmp/notes.txt"
place "$tmp/pianoraw.wav" "${notes[@]}"
"${S[@]}" "$tmp/pianoraw.wav" "$tmp/piano.wav" lowpass 3200 reverb 65 50 100 0 20 -3
background bg-ambient-piano - "$tmp/piano.wav"

### Spanish speech (espeak-ng, 22.05 kHz, 32 kbit/s) ###########################################
pitches=(50 45 53 47 51 44)   # the base pitch changes a little from phrase to phrase
# speak <name> <default pause s> <words per minute>: reads meditation-texts/<name>.txt, speaks each
# phrase, trims espeak's own silences, joins the phrases with the pauses, evens out the level (gentle
# compression, so the voice sits about 8 dB above the backgrounds), adds a light room and fades.
speak() {
  local name=$1 pause=$2 wpm=$3 line n=0 i files=() p=()
  while IFS= read -r line || [[ -n $line ]]; do
    if [[ $line =~ ^[[:space:]]*(#|$) ]]; then continue; fi
    if [[ $line =~ ^\[pausa\ ([0-9.]+)\]$ ]]; then p[n - 1]=${BASH_REMATCH[1]}; continue; fi
    espeak-ng -v "$voice" -s "$wpm" -p "${pitches[n % ${#pitches[@]}]}" -g 1 -w "$tmp/$name.$n.raw.wav" "$line"
    p[n]=$pause files+=("$tmp/$name.$n.wav") n=$((n + 1))
  done <"$texts/$name.txt"
  ((n > 0)) || { echo "$0: $texts/$name.txt has no phrases" >&2; exit 1; }
  p[n - 1]=0
  for ((i = 0; i < n; i++)); do
    "${S[@]}" "$tmp/$name.$i.raw.wav" -b 32 "$tmp/$name.$i.wav" \
      silence 1 0.02 -45d reverse silence 1 0.02 -45d reverse pad 0 "${p[i]}"
  done
  "${S[@]}" "${files[@]}" "$tmp/$name.joined.wav"
  "${S[@]}" "$tmp/$name.joined.wav" "$tmp/$name.wav" vol 0.5 highpass 90 lowpass 7000 \
    compand 0.001,0.1 6:-60,-60,-30,-22,-15,-12,0,-10 0 -90 0.005 pad 0.5 1.2 \
    reverb 25 60 45 0 8 -6 gain -n -1.5 fade q 0.2 -0 1.2
  mp3 "$tmp/$name.wav" "$name" 22050 32
}
speak intro 0.6 145
for id in "${phases[@]}"; do
  speak "voice-$id" 0.6 145
  speak "guided-$id" 2.5 140
done

for name in "${premium[@]}"; do mv -f "$tmp/mp3/$name.mp3" "$premium_out"/; done
mv -f "$tmp"/mp3/*.mp3 "$out"/
echo "$0: $(ls "$out"/*.mp3 | wc -l) free MP3s in $out, $(ls "$premium_out"/*.mp3 | wc -l) premium in $premium_out"

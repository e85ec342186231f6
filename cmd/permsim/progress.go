package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// quiet is set by --quiet: no progress bar.
var quiet bool

// progressWriter is where long stages (ingest, replay) write their
// progress lines: on a terminal, a bar that redraws them with a rate and an
// ETA; nil — no progress at all — when stderr is not a terminal or --quiet
// was given, since progress is for people watching, not for logs.
func progressWriter(stderr io.Writer) io.Writer {
	if quiet {
		return nil
	}
	if f, ok := fileOf(stderr); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			return newBar(stderr, time.Now)
		}
	}
	return nil
}

// bar turns the stages' own progress lines ("ingest: 12/40 files, 812 MB,
// 3,120 calls", "replay: 812/5,000 calls") into a bar with the rate and
// the time left. The stages keep printing plain counts, so their progress
// stays readable wherever a bar is not wanted; lines of any other shape
// pass through unchanged.
type bar struct {
	mu    sync.Mutex
	w     io.Writer
	now   func() time.Time
	label string
	start time.Time
	first int64 // the count when the label was first seen
	last  int   // length of the line on screen, to blank what is left of it
}

func newBar(w io.Writer, now func() time.Time) *bar { return &bar{w: w, now: now} }

// progressLine is "<stage>: <done>/<total> <unit><rest>".
var progressLine = regexp.MustCompile(`^([a-z]+): ([0-9,]+)/([0-9,]+) ([a-z]+)(.*)$`)

const barWidth = 24

func (b *bar) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := string(p)
	ends := strings.HasSuffix(s, "\n")
	pieces := strings.FieldsFunc(s, func(r rune) bool { return r == '\r' || r == '\n' })
	for i, piece := range pieces {
		line, ok := b.render(piece)
		if !ok {
			b.clear()
			fmt.Fprintln(b.w, piece)
			continue
		}
		pad := strings.Repeat(" ", max(0, b.last-len(line)))
		fmt.Fprint(b.w, "\r"+line+pad)
		b.last = len(line)
		if ends && i == len(pieces)-1 {
			fmt.Fprintln(b.w)
			b.last, b.label = 0, ""
		}
	}
	return len(p), nil
}

// clear blanks a bar on screen before other text.
func (b *bar) clear() {
	if b.last > 0 {
		fmt.Fprint(b.w, "\r"+strings.Repeat(" ", b.last)+"\r")
		b.last = 0
	}
}

func number(s string) int64 {
	n, _ := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
	return n
}

// render draws one progress line as a bar; false when it is not one.
func (b *bar) render(line string) (string, bool) {
	m := progressLine.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		return "", false
	}
	done, total := number(m[2]), number(m[3])
	now := b.now()
	if m[1] != b.label {
		b.label, b.start, b.first = m[1], now, done
	}
	frac := 0.0
	if total > 0 {
		frac = min(1, float64(done)/float64(total))
	}
	fill := int(frac * barWidth)
	out := fmt.Sprintf("%-7s [%s%s] %3.0f%% %s/%s %s", m[1], strings.Repeat("=", fill), strings.Repeat(" ", barWidth-fill), 100*frac, m[2], m[3], m[4])
	if el := now.Sub(b.start); el >= time.Second && done > b.first {
		rate := float64(done-b.first) / el.Seconds()
		out += fmt.Sprintf(", %s/s", strconv.FormatFloat(rate, 'f', rateDigits(rate), 64))
		if done < total {
			eta := time.Duration(float64(total-done) / rate * float64(time.Second))
			out += ", ETA " + clock(eta)
		}
	}
	return out + m[5], true
}

func rateDigits(r float64) int {
	if r < 10 {
		return 1
	}
	return 0
}

// clock spells a duration as m:ss or h:mm:ss.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

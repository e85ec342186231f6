package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

// The bar redraws the stages' own progress lines: 50 of 100 calls two
// seconds after 0 of 100 is 25 calls a second, 2 seconds left.
func TestBar(t *testing.T) {
	var out bytes.Buffer
	now := time.Date(2026, 12, 1, 3, 0, 0, 0, time.UTC)
	b := newBar(&out, func() time.Time { return now })
	fmt.Fprint(b, "\rreplay: 0/100 calls")
	now = now.Add(2 * time.Second)
	fmt.Fprint(b, "\rreplay: 50/100 calls")
	got := out.String()
	want := "\rreplay  [============            ]  50% 50/100 calls, 25/s, ETA 0:02"
	if !strings.HasSuffix(got, want) {
		t.Errorf("bar:\n%q\nwant it to end in\n%q", got, want)
	}
	out.Reset()
	now = now.Add(2 * time.Second)
	fmt.Fprint(b, "\rreplay: 100/100 calls\n")
	if got := out.String(); !strings.Contains(got, "100% 100/100 calls, 25/s ") || !strings.HasSuffix(got, "\n") || strings.Contains(got, "ETA") {
		t.Errorf("finished bar: %q", got)
	}
	// The ingest line keeps its own counts after the bar.
	out.Reset()
	fmt.Fprint(b, "\ringest: 3/4 files, 1.2 MB, 1,024 calls")
	if got := out.String(); !strings.Contains(got, " 3/4 files, 1.2 MB, 1,024 calls") || !strings.Contains(got, "[==================      ]  75%") {
		t.Errorf("ingest bar: %q", got)
	}
	// Anything else passes through, after the bar is blanked.
	out.Reset()
	fmt.Fprint(b, "permsim replay: waiting for the lock\n")
	if got := out.String(); !strings.HasSuffix(got, "\rpermsim replay: waiting for the lock\n") {
		t.Errorf("plain line: %q", got)
	}
}

func TestClock(t *testing.T) {
	for d, want := range map[time.Duration]string{9 * time.Second: "0:09", 125 * time.Second: "2:05", 3723 * time.Second: "1:02:03"} {
		if got := clock(d); got != want {
			t.Errorf("clock(%v) = %q, want %q", d, got, want)
		}
	}
}

// --quiet: no progress writer even where there would be a bar.
func TestQuietFlag(t *testing.T) {
	defer func() { quiet = false }()
	code, _, stderr := runCLI(t, "", "replay", "--quiet", "--out", t.TempDir())
	if code == 2 && strings.Contains(stderr, "unknown flag") {
		t.Fatalf("replay does not take --quiet: %s", stderr)
	}
	if !quiet || progressWriter(nil) != nil {
		t.Errorf("--quiet did not turn progress off")
	}
}

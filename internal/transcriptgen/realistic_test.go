package transcriptgen

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// measured reads a figure of REALISTIC.md, the measurement of real
// transcripts the profile follows: the expected values come from there,
// not from the generator.
func measured(t *testing.T, re string) float64 {
	t.Helper()
	doc, err := os.ReadFile("REALISTIC.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(re).FindSubmatch(doc)
	if m == nil {
		t.Fatalf("REALISTIC.md has no %s", re)
	}
	v, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestRealisticDensity: a corpus of the realistic profile has the tool
// calls per MB and the share of assistant and user lines measured from
// real transcripts (REALISTIC.md), within 10% and 3 points.
func TestRealisticDensity(t *testing.T) {
	wantPerMB := measured(t, `calls per MB: ([0-9.]+)`)
	wantAssistant := measured(t, `assistant [0-9,]+ \(([0-9.]+)%\)`)
	wantUser := measured(t, `user [0-9,]+ \(([0-9.]+)%\)`)

	dir := t.TempDir()
	st, err := Write(Options{Dir: dir, TotalBytes: 24 << 20, FileBytes: 4 << 20, Seed: 7, Profile: Realistic})
	if err != nil {
		t.Fatal(err)
	}
	var calls, lines, assistant, user int
	var total int64
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			total += int64(len(sc.Bytes()) + 1)
			lines++
			var rec struct {
				Type    string `json:"type"`
				Message struct {
					Content json.RawMessage `json:"content"`
				} `json:"message"`
			}
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				t.Fatalf("%s: invalid JSON line: %v", p, err)
			}
			switch rec.Type {
			case "assistant":
				assistant++
			case "user":
				user++
			}
			var blocks []struct {
				Type string `json:"type"`
			}
			if json.Unmarshal(rec.Message.Content, &blocks) == nil {
				for _, b := range blocks {
					if b.Type == "tool_use" {
						calls++
					}
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls != st.ToolCalls || total != st.Bytes {
		t.Errorf("files hold %d calls in %d bytes, Stats says %d in %d", calls, total, st.ToolCalls, st.Bytes)
	}
	perMB := float64(calls) / (float64(total) / 1e6)
	if math.Abs(perMB-wantPerMB) > 0.10*wantPerMB {
		t.Errorf("%.1f tool calls per MB; real transcripts have %.1f (REALISTIC.md)", perMB, wantPerMB)
	}
	for _, c := range []struct {
		kind      string
		got, want float64
	}{
		{"assistant", 100 * float64(assistant) / float64(lines), wantAssistant},
		{"user", 100 * float64(user) / float64(lines), wantUser},
	} {
		if math.Abs(c.got-c.want) > 3 {
			t.Errorf("%s lines are %.1f%% of the lines; real transcripts have %.1f%% (REALISTIC.md)", c.kind, c.got, c.want)
		}
	}
	t.Logf("%d calls in %d bytes: %.1f per MB (real: %.1f)", calls, total, perMB, wantPerMB)
}

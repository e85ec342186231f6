package verify

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// steps records the order of a case run's steps.
type steps []string

// fakeMock stands in for a driver's mock model.
type fakeMock struct{ s *steps }

func (m fakeMock) Close() error { *m.s = append(*m.s, "close"); return nil }

// TestInnerHalf checks what every driver's inner half does around its own
// protocol: the job read from the control folder, the version noted as
// `<binary> --version` after the driver's prefix, the case laid out, then
// simulated (before the harness can change the files), then the mock
// started, then the driver's talk, the mock closed after, and the answer
// (results, simulated verdicts, a failure's message) written to out.json.
func TestInnerHalf(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "harness")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\necho ' 1.2.3 '\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, failing := range []bool{false, true} {
		ctl := t.TempDir()
		job, _ := json.Marshal(Job{Case: Case{ID: "a", Calls: []Call{{Tool: "Bash"}}}, Binary: bin, Timeout: time.Minute})
		if err := os.WriteFile(filepath.Join(ctl, "job.json"), job, 0o644); err != nil {
			t.Fatal(err)
		}
		var s steps
		run := WithMock(
			func(c Case, home string) error { s = append(s, "layout "+c.ID+" "+home); return nil },
			func(c Case) ([]Simulated, []string) {
				s = append(s, "simulate")
				return []Simulated{{Outcome: OutcomeAsks}}, []string{"a problem"}
			},
			func(calls []Call) (fakeMock, error) { s = append(s, "start"); return fakeMock{&s}, nil },
			func(ctx context.Context, j Job, c string, out *Answer, m fakeMock) ([]Result, error) {
				s = append(s, "talk")
				if c != ctl || j.Case.ID != "a" {
					t.Errorf("talk got ctl %q and case %q, want %q and a", c, j.Case.ID, ctl)
				}
				if failing {
					return nil, errors.New("the harness exited")
				}
				return []Result{{ID: "a", Outcome: OutcomeRuns}}, nil
			})
		d := Driver{Binary: "harness", VersionPrefix: "h "}
		if err := d.serve(run)(context.Background(), ctl); err != nil {
			t.Fatal(err)
		}
		if want := (steps{"layout a " + Home, "simulate", "start", "talk", "close"}); !reflect.DeepEqual(s, want) {
			t.Errorf("failing=%v: steps %q, want %q", failing, s, want)
		}
		data, err := os.ReadFile(filepath.Join(ctl, "out.json"))
		if err != nil {
			t.Fatal(err)
		}
		var a Answer
		if err := json.Unmarshal(data, &a); err != nil {
			t.Fatal(err)
		}
		if a.Version != "h 1.2.3" || len(a.Simulated) != 1 || a.Simulated[0].Outcome != OutcomeAsks || !reflect.DeepEqual(a.Problems, []string{"a problem"}) {
			t.Errorf("failing=%v: answer %+v, want version %q, one simulated asks and the problem", failing, a, "h 1.2.3")
		}
		if failing && (a.Err != "the harness exited" || len(a.Results) != 0) {
			t.Errorf("a failed talk: answer error %q and %d results, want its message and none", a.Err, len(a.Results))
		}
		if !failing && (a.Err != "" || len(a.Results) != 1 || a.Results[0].Outcome != OutcomeRuns) {
			t.Errorf("answer %+v, want the one result talk gave", a)
		}
	}
}

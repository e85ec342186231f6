package engine

import (
	"reflect"
	"strings"
	"testing"
)

func TestResolveMode(t *testing.T) {
	normalize := func(s string) (Mode, bool) {
		if s == "plan" || s == "yolo" {
			return Mode(s), true
		}
		return "", false
	}
	// A gate that turns yolo off, as a setting can.
	gate := func(mi ModeInfo) ModeInfo {
		if mi.Mode == "yolo" {
			mi.Mode = "default"
			mi = mi.WithNote("yolo is turned off")
		}
		return mi
	}
	base := ModeInfo{Mode: "default", Label: "settings", Notes: make([]string, 1, 4)}
	base.Notes[0] = "from the settings"
	tests := []struct {
		req  Mode
		want ModeInfo
	}{
		// No mode requested: the settings' and flags' mode stands.
		{"", base},
		// A known mode replaces it, labelled --mode, through the gate.
		{"plan", ModeInfo{Mode: "plan", Label: "--mode"}},
		{"yolo", ModeInfo{Mode: "default", Label: "--mode", Notes: []string{"yolo is turned off"}}},
	}
	for _, tt := range tests {
		if got := ResolveMode(tt.req, base, normalize, gate); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ResolveMode(%q) = %+v, want %+v", tt.req, got, tt.want)
		}
	}
	// An unknown mode keeps the settings' mode and says so, without
	// writing into the notes the base mode shares with every call.
	got := ResolveMode("bogus", base, normalize, gate)
	if got.Mode != "default" || got.Label != "settings" || len(got.Notes) != 2 || !strings.Contains(got.Notes[1], `unknown mode "bogus"`) {
		t.Errorf("ResolveMode(bogus) = %+v, want the base mode with a note naming the unknown mode", got)
	}
	if other := ResolveMode("bogus2", base, normalize, gate); got.Notes[1] == other.Notes[1] || len(base.Notes) != 1 {
		t.Errorf("two calls' notes share storage with the base mode: %q, %q, base %q", got.Notes, other.Notes, base.Notes)
	}
}

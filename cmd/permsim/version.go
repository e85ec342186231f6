package main

import (
	"fmt"
	"io"
	"path"
	"runtime/debug"
	"strings"

	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/replay"
)

// writeVersion prints permsim's version (the module version, or the VCS
// revision a development build was made from) and, per simulator, the
// real harness version it was checked against and how it fared.
func writeVersion(w io.Writer) {
	version, rev, dirty := "(devel)", "", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	line := "permsim " + version
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		line += " (" + rev
		if dirty {
			line += ", modified"
		}
		line += ")"
	}
	fmt.Fprintln(w, line)
	fmt.Fprintf(w, "decisions written as %s\n\nSimulators:\n", replay.EngineVersion)
	for _, h := range registry.Simulated() {
		checked := "not checked against a real binary: " + h.Label()
		if h.CheckedAgainst != "" {
			checked = "checked against " + h.CheckedAgainst
			if a := h.Agreement; a.Compared > 0 {
				checked += fmt.Sprintf(": agrees on %d of %d recorded calls (%s)", a.Agreed, a.Compared, a.Corpus)
			}
			// The other versions recorded with their real binaries
			// (registry/agreement.json, kept by the differential tests).
			var others []string
			for _, c := range registry.Corpora(h.ID)[min(1, len(registry.Corpora(h.ID))):] {
				others = append(others, fmt.Sprintf("%s %d of %d", c.Version, c.Agreed, c.Compared))
			}
			if len(others) > 0 {
				checked += "; by version (" + path.Dir(registry.Corpora(h.ID)[1].Corpus) + "): " + strings.Join(others, ", ")
			}
		}
		fmt.Fprintf(w, "  %-12s %-12s %s\n", h.ID, h.Title, checked)
	}
	var readers []string
	for _, h := range registry.Readable() {
		readers = append(readers, h.ID)
	}
	fmt.Fprintf(w, "\nTranscript readers: %s\n", strings.Join(readers, ", "))
}

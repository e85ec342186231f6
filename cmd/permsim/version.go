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

// buildVersion and buildCommit are stamped by `make build` and `make
// install` (-ldflags -X: git describe and git rev-parse), because Go
// stamps neither when it builds from a work tree with -buildvcs=false (a
// GOFLAGS many CI machines set) and leaves the main module's version at
// "(devel)" for every build that is not `go install …@version`.
var buildVersion, buildCommit string

// versionLine is permsim's first --version line: the module version (Go's
// own for `go install …@v1.2.3`, else make's stamp) and the commit (the VCS
// stamp Go writes, else make's), each said to be unknown rather than left
// out, so a bug report always says which of them is missing.
func versionLine(bi *debug.BuildInfo, stampVersion, stampCommit string) string {
	version, rev, dirty := "", "", false
	if bi != nil {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			version = v
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
	if version == "" {
		version = stampVersion
	}
	if rev == "" {
		rev = stampCommit
	}
	if version == "" {
		version = "(devel: version unknown; make build stamps it)"
	}
	line := "permsim " + version
	if rev == "" {
		return line + " (commit unknown)"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	line += " (commit " + rev
	if dirty {
		line += ", modified"
	}
	return line + ")"
}

// writeVersion prints permsim's version and commit (versionLine) and, per
// simulator, the real harness version it was checked against and how it
// fared.
func writeVersion(w io.Writer) {
	bi, _ := debug.ReadBuildInfo()
	line := versionLine(bi, buildVersion, buildCommit)
	fmt.Fprintln(w, line)
	fmt.Fprintf(w, "decisions written as %s\n\nSimulators:\n", replay.EngineVersion)
	for _, h := range registry.Simulated() {
		checked := "not checked against a real binary: " + h.Label()
		if h.CheckedAgainst != "" {
			checked = "checked against " + h.CheckedAgainst
			if a := h.Agreement; a.Compared > 0 {
				checked += fmt.Sprintf(": agrees on %d of %d recorded calls (%s)", a.Agreed, a.Compared, a.Corpus)
			}
			// The other corpora recorded with the real binaries
			// (registry/agreement.json, kept by the differential tests):
			// the older versions, each in <harness>/versions/<version>,
			// and the real committed configurations.
			var versions, others []string
			versionsDir := ""
			for _, c := range registry.Corpora(h.ID)[min(1, len(registry.Corpora(h.ID))):] {
				if path.Base(path.Dir(c.Corpus)) == "versions" {
					versionsDir = path.Dir(c.Corpus)
					versions = append(versions, fmt.Sprintf("%s %d of %d", c.Version, c.Agreed, c.Compared))
					continue
				}
				others = append(others, fmt.Sprintf("%s %d of %d (%s)", c.Version, c.Agreed, c.Compared, c.Corpus))
			}
			if len(versions) > 0 {
				checked += "; by version (" + versionsDir + "): " + strings.Join(versions, ", ")
			}
			if len(others) > 0 {
				checked += "; on real committed configurations: " + strings.Join(others, ", ")
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

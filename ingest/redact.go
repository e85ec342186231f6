package ingest

import "github.com/permsim/permsim/internal/secrets"

// Redactor is a Sink that masks credentials in the rows it is given
// (Options.Redact): the readers that keep calls in their state (Pending)
// hand it a call's row before keeping it, so the manifest holds the masked
// text too.
type Redactor interface {
	RedactRow(r *Row)
}

// Redact masks r's credentials when sink redacts (Options.Redact): what a
// reader calls on a row it keeps in its state, in the manifest.
func Redact(sink Sink, r *Row) {
	if rd, ok := sink.(Redactor); ok {
		rd.RedactRow(r)
	}
}

// RedactRow masks r's credentials when the run redacts.
func (s *groupSink) RedactRow(r *Row) {
	if s.redact {
		redactRow(r)
	}
}

// redactRow masks the credentials secrets.MaskString finds in the texts of
// a call that hold what the call did — command, paths, pattern, url, query,
// output and the recorded evidence — and secrets.MaskJSON in input_json (inside its strings, so
// it stays JSON). A mask replaces only the secret's own characters, so a
// command keeps its words and its shape: replay's decisions and danger
// marks are the same for the masked text (TestRedactedStoreSameRisk).
// The folders (cwd, project_dir, home) and ids are kept: replay finds each
// project's settings by them.
func redactRow(r *Row) {
	for _, s := range [...]*string{&r.Command, &r.Pattern, &r.URL, &r.Query, &r.Output, &r.RecordedEvidence} {
		*s = secrets.MaskString(*s)
	}
	r.InputJSON = secrets.MaskJSON(r.InputJSON)
	copied := false
	for i, p := range r.Paths {
		if m := secrets.MaskString(p); m != p {
			if !copied {
				r.Paths = append([]string(nil), r.Paths...) // the reader's slice may be shared
				copied = true
			}
			r.Paths[i] = m
		}
	}
}

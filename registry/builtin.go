package registry

import (
	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/codex"
	"github.com/permsim/permsim/engine/codey"
	"github.com/permsim/permsim/engine/cursor"
	"github.com/permsim/permsim/engine/gemini"
	"github.com/permsim/permsim/engine/opencode"
	"github.com/permsim/permsim/ingest"
	claudeingest "github.com/permsim/permsim/ingest/claude"
	codexingest "github.com/permsim/permsim/ingest/codex"
	cursoringest "github.com/permsim/permsim/ingest/cursor"
	geminiingest "github.com/permsim/permsim/ingest/gemini"
	opencodeingest "github.com/permsim/permsim/ingest/opencode"
	"github.com/permsim/permsim/toolcall"
	"github.com/permsim/permsim/verify/claudedrive"
	"github.com/permsim/permsim/verify/codexdrive"
	"github.com/permsim/permsim/verify/geminidrive"
	"github.com/permsim/permsim/verify/opencodedrive"
)

// The harnesses permsim ships, one registration each, in the order
// side-by-side tables show them.
func init() {
	Register(Harness{
		ID: toolcall.ClaudeCode, Aliases: []string{"claude", "claudecode"}, Title: "Claude Code",
		Names:   toolcall.ClaudeCodeNames,
		Environ: claude.FromEnviron,
		Source:  func() ingest.Source { return claudeingest.New() },
		Simulator: func(o SimOptions) engine.Harness {
			if o.Hooks != nil {
				return &claude.Harness{Hooks: claude.NewCommandHooks(o.Hooks)}
			}
			return claude.New()
		},
		Verify:         &claudedrive.Runner,
		CheckedAgainst: "Claude Code 2.1.328",
		// All 1,768 agree when the corpus's Python hooks answer within the
		// tester's 10 s limit; on a loaded machine some time out ("unknown").
		Agreement: Agreement{Agreed: 1768, Compared: 1768, Corpus: "testdata/claude/differential"},
	})
	Register(Harness{
		ID: toolcall.Codex, Aliases: []string{"codex-cli"}, Title: "Codex CLI",
		Names:          toolcall.CodexNames,
		Environ:        codex.FromEnviron,
		Source:         func() ingest.Source { return codexingest.New() },
		Simulator:      func(o SimOptions) engine.Harness { return &codex.Harness{Hooks: o.Hooks} },
		Verify:         &codexdrive.Runner,
		CheckedAgainst: "Codex 0.169.0",
		Agreement:      Agreement{Agreed: 522, Compared: 528, Corpus: "testdata/codex/differential"},
	})
	Register(Harness{
		ID: toolcall.Gemini, Aliases: []string{"gemini-cli"}, Title: "Gemini CLI",
		Names:          toolcall.GeminiNames,
		Environ:        gemini.FromEnviron,
		Source:         func() ingest.Source { return geminiingest.New() },
		Simulator:      func(o SimOptions) engine.Harness { return &gemini.Harness{Hooks: o.Hooks} },
		Verify:         &geminidrive.Runner,
		CheckedAgainst: "Gemini CLI 0.61.0",
		Agreement:      Agreement{Agreed: 530, Compared: 530, Corpus: "testdata/gemini/differential"},
	})
	Register(Harness{
		ID: toolcall.OpenCode, Title: "OpenCode",
		Names:          toolcall.OpenCodeNames,
		Environ:        opencode.FromEnviron,
		Source:         func() ingest.Source { return opencodeingest.New() },
		Simulator:      func(SimOptions) engine.Harness { return opencode.New() },
		Verify:         &opencodedrive.Runner,
		CheckedAgainst: "OpenCode 1.18.33",
		Agreement:      Agreement{Agreed: 668, Compared: 668, Corpus: "testdata/opencode"},
	})
	Register(Harness{
		ID: toolcall.Cursor, Aliases: []string{"cursor-cli", "cursor-agent"}, Title: "Cursor CLI",
		Names:     toolcall.CursorNames,
		Source:    func() ingest.Source { return cursoringest.New() },
		Simulator: func(o SimOptions) engine.Harness { return &cursor.Harness{Runner: o.Hooks} },
	})
	Register(Harness{
		ID: toolcall.Codey, Title: "Codey",
		Names:     toolcall.ClaudeCodeNames,
		Simulator: func(SimOptions) engine.Harness { return codey.New() },
	})
}

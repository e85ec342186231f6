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
		// From registry/agreement.json, which the differential tests keep.
		Agreement: mainAgreement(toolcall.ClaudeCode),
	})
	Register(Harness{
		ID: toolcall.Codex, Aliases: []string{"codex-cli"}, Title: "Codex CLI",
		Names:          toolcall.CodexNames,
		Environ:        codex.FromEnviron,
		Source:         func() ingest.Source { return codexingest.New() },
		Simulator:      func(o SimOptions) engine.Harness { return &codex.Harness{Hooks: o.Hooks} },
		Verify:         &codexdrive.Runner,
		CheckedAgainst: "Codex 0.169.0",
		Agreement:      mainAgreement(toolcall.Codex),
	})
	Register(Harness{
		ID: toolcall.Gemini, Aliases: []string{"gemini-cli"}, Title: "Gemini CLI",
		Names:          toolcall.GeminiNames,
		Environ:        gemini.FromEnviron,
		Source:         func() ingest.Source { return geminiingest.New() },
		Simulator:      func(o SimOptions) engine.Harness { return &gemini.Harness{Hooks: o.Hooks} },
		Verify:         &geminidrive.Runner,
		CheckedAgainst: "Gemini CLI 0.61.0",
		Agreement:      mainAgreement(toolcall.Gemini),
	})
	Register(Harness{
		ID: toolcall.OpenCode, Title: "OpenCode",
		Names:          toolcall.OpenCodeNames,
		Environ:        opencode.FromEnviron,
		Source:         func() ingest.Source { return opencodeingest.New() },
		Simulator:      func(SimOptions) engine.Harness { return opencode.New() },
		Verify:         &opencodedrive.Runner,
		CheckedAgainst: "OpenCode 1.18.33",
		Agreement:      mainAgreement(toolcall.OpenCode),
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

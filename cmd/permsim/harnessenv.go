package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/registry"
)

// envFlags is --managed, shared by every command that loads a harness's
// settings: where an administrator's managed settings are, per harness,
// when not at the harness's system folder (a copy collected from another
// machine, a test).
type envFlags struct {
	managed []string
}

func (e *envFlags) registerEnv(fs interface {
	StringArrayVar(*[]string, string, []string, string)
}) {
	fs.StringArrayVar(&e.managed, "managed", nil, "HARNESS=DIR: the managed (administrator's) settings folder of HARNESS, in place of its system folder (/etc/claude-code, /etc/codex, /etc/gemini-cli, …) (repeatable)")
}

// envFunc is what the commands hand replay, the battery and the loaders:
// for the user's own home (ingest.OwnHome, the rule ingest follows), what
// each harness's environment variables say of its folders and files
// ($CLAUDE_CONFIG_DIR, $CODEX_HOME, $GEMINI_CLI_HOME and
// $GEMINI_CLI_SYSTEM_SETTINGS_PATH, $OPENCODE_CONFIG, …: the registry's
// Environ); and for every home, the --managed folder given for the
// harness. Another home (collected from another machine) is read at the
// harness's default places, as ingest reads it.
func (e *envFlags) envFunc() (engine.EnvFunc, error) {
	managed := map[string]string{}
	for _, m := range e.managed {
		name, dir, ok := strings.Cut(m, "=")
		if !ok || strings.TrimSpace(name) == "" || strings.TrimSpace(dir) == "" {
			return nil, usageError{msg: fmt.Sprintf("--managed %q: want HARNESS=DIR", m)}
		}
		reg, found := registry.Lookup(name)
		if !found {
			return nil, usageError{msg: fmt.Sprintf("--managed %q: no harness %q", m, name), hint: "--managed " + strings.Join(simulatedIDs(), "|") + "=DIR"}
		}
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, usageError{msg: fmt.Sprintf("--managed %q: %v", m, err)}
		}
		managed[reg.ID] = abs
	}
	return func(harness string, env *engine.Env) {
		if d := managed[harness]; d != "" {
			env.ManagedDir = d
		}
		reg, ok := registry.Lookup(harness)
		if !ok || reg.Environ == nil {
			return
		}
		if _, own := ingest.OwnHome(env.HomeDir); own {
			reg.Environ(os.Getenv, env)
		}
	}, nil
}

package opencodedrive

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine/opencode"
	"github.com/permsim/permsim/verify"
)

// A case's OpenCode variables reach the simulator as the harness reads
// them (opencode.FromEnviron), so a corpus can record the layers they add:
// OPENCODE_CONFIG_CONTENT, OPENCODE_CONFIG_DIR and a moved XDG_CONFIG_HOME
// were refused as unsupported before.
func TestSimEnvReadsOpenCodeVariables(t *testing.T) {
	tests := []struct {
		env         map[string]string
		flags       map[string]string
		configDir   string
		unsupported string
	}{
		{env: nil, flags: map[string]string{}, configDir: verify.Home + "/.config/opencode"},
		{env: map[string]string{"OPENCODE_CONFIG": "extra.json", "OPENCODE_DISABLE_PROJECT_CONFIG": "1"},
			flags: map[string]string{opencode.FlagConfig: "extra.json", opencode.FlagDisableProjectConfig: "true"}, configDir: verify.Home + "/.config/opencode"},
		// OpenCode's truthy(): only "true" and "1" switch the project files off.
		{env: map[string]string{"OPENCODE_DISABLE_PROJECT_CONFIG": "yes"}, flags: map[string]string{}, configDir: verify.Home + "/.config/opencode"},
		{env: map[string]string{"OPENCODE_CONFIG_CONTENT": `{"permission":{"bash":"ask"}}`, "OPENCODE_CONFIG_DIR": "/home/user/cfg",
			"OPENCODE_PERMISSION": `{"edit":"deny"}`, "XDG_CONFIG_HOME": "/home/user/xdg"},
			flags: map[string]string{opencode.FlagConfigContent: `{"permission":{"bash":"ask"}}`, opencode.FlagConfigDir: "/home/user/cfg",
				opencode.FlagPermission: `{"edit":"deny"}`}, configDir: "/home/user/xdg/opencode"},
		// Exa only makes OpenCode offer websearch and codesearch; permsim
		// decides those calls as offered, so nothing changes.
		{env: map[string]string{"OPENCODE_ENABLE_EXA": "1"}, flags: map[string]string{}, configDir: verify.Home + "/.config/opencode"},
		{env: map[string]string{"OPENCODE_FAKE": "1"}, flags: map[string]string{}, configDir: verify.Home + "/.config/opencode", unsupported: "environment variable OPENCODE_FAKE"},
	}
	for _, tt := range tests {
		env, unsupported := SimEnv(verify.Case{Env: tt.env})
		if unsupported != tt.unsupported {
			t.Errorf("SimEnv(%v): unsupported %q, want %q", tt.env, unsupported, tt.unsupported)
		}
		if env.ConfigDirOr(verify.Home+"/.config/opencode") != tt.configDir {
			t.Errorf("SimEnv(%v): config folder %q, want %q", tt.env, env.ConfigDir, tt.configDir)
		}
		got := map[string]string{}
		for k, v := range env.Flags {
			got[k] = v
		}
		if len(got) != len(tt.flags) {
			t.Errorf("SimEnv(%v): flags %v, want %v", tt.env, got, tt.flags)
			continue
		}
		for k, v := range tt.flags {
			if got[k] != v {
				t.Errorf("SimEnv(%v): flag %s = %q, want %q", tt.env, k, got[k], v)
			}
		}
	}
}

// A case's OPENCODE_CONFIG_CONTENT is run beside the mock's provider, not
// instead of it: the harness gets one object holding both, the case's keys
// after the provider's and in their written order (OpenCode reads rules in
// that order).
func TestHarnessEnvMergesConfigContent(t *testing.T) {
	content := `{"permission": {"bash": {"*": "ask", "ls*": "allow"}}, "model": "rhmock/rh-model"}`
	var got string
	for _, kv := range harnessEnv(verify.Case{Env: map[string]string{"OPENCODE_CONFIG_CONTENT": content}}, "http://127.0.0.1:1") {
		if v, ok := strings.CutPrefix(kv, "OPENCODE_CONFIG_CONTENT="); ok {
			got = v
		}
	}
	var cfg map[string]json.RawMessage
	if err := json.Unmarshal([]byte(got), &cfg); err != nil {
		t.Fatalf("OPENCODE_CONFIG_CONTENT %q: %v", got, err)
	}
	if _, ok := cfg["provider"]; !ok {
		t.Errorf("OPENCODE_CONFIG_CONTENT %q: the mock's provider is gone", got)
	}
	if !strings.Contains(got, `"permission": {"bash": {"*": "ask", "ls*": "allow"}}`) {
		t.Errorf("OPENCODE_CONFIG_CONTENT %q: the case's permission is not there as written", got)
	}
	// Without the case's variable the provider config is the whole text.
	for _, kv := range harnessEnv(verify.Case{}, "http://127.0.0.1:1") {
		if v, ok := strings.CutPrefix(kv, "OPENCODE_CONFIG_CONTENT="); ok && v != providerConfig("http://127.0.0.1:1") {
			t.Errorf("OPENCODE_CONFIG_CONTENT without a case's: %q", v)
		}
	}
}

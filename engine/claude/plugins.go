package claude

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"

	"github.com/permsim/permsim/internal/safefile"
)

// pluginHookSources finds the hooks of the plugins enabledPlugins turns on
// (the highest layer that names a plugin decides), through Claude Code's
// plugin list, plugins/installed_plugins.json in the user settings folder.
// That file is internal to Claude Code, so this is best effort (seed,
// Hooks): both the older form ({"plugins": {name: {installPath}}}) and the
// newer one ({"plugins": {name: [{installPath}, …]}}) are read, and a
// plugin's hooks are <installPath>/hooks/hooks.json.
func (p *Policy) pluginHookSources() []*settingsFile {
	enabled := map[string]bool{}
	decided := map[string]bool{}
	for _, f := range p.priority() {
		for name, on := range f.plugins {
			if !decided[name] {
				enabled[name], decided[name] = on, true
			}
		}
	}
	if len(enabled) == 0 {
		return nil
	}
	list := filepath.Join(p.userDir, "plugins", "installed_plugins.json")
	data, err := safefile.ReadConfig(list, safefile.JSON)
	if err != nil {
		if !os.IsNotExist(err) {
			p.problems.Add(list, 0, "%v; plugin hooks not read", err)
		}
		return nil
	}
	var doc struct {
		Plugins map[string]json.RawMessage `json:"plugins"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		p.problems = append(p.problems, jsonProblem(data, list, err))
		return nil
	}
	names := make([]string, 0, len(enabled))
	for n, on := range enabled {
		if on {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var out []*settingsFile
	for _, name := range names {
		raw, ok := doc.Plugins[name]
		if !ok {
			continue
		}
		type install struct {
			InstallPath string `json:"installPath"`
		}
		var one install
		var many []install
		if json.Unmarshal(raw, &many) != nil {
			if json.Unmarshal(raw, &one) != nil {
				p.problems.Add(list, 0, "plugin %s: no installPath; its hooks are not read", name)
				continue
			}
			many = []install{one}
		}
		for _, in := range many {
			if in.InstallPath == "" {
				continue
			}
			file := filepath.Join(in.InstallPath, "hooks", "hooks.json")
			sf, probs := readSettingsFile(file, LayerUser, in.InstallPath)
			p.problems = append(p.problems, probs...)
			if sf == nil || sf.hooks == nil {
				continue
			}
			sf.plugin = name
			out = append(out, sf)
		}
	}
	return out
}

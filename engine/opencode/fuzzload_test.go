package opencode

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/fuzzload"
)

// FuzzLoadConfig: no opencode.json, however broken, makes the simulator panic or hang
// (issue 14, "Fuzzing"); what it cannot read is a Problem naming the file. While fuzzing, each
// input goes through what load does with one config file's bytes (parseConfigFile, then its
// `permission` and `agent` objects through fromConfig and buildAgents); the seed corpus also goes
// through the whole Load and the decisions (fuzzload.FuzzParse).
func FuzzLoadConfig(f *testing.F) {
	fuzzload.FuzzParse(f, New(), "opencode.json", false, parseConfigBytes,

		"{\"permission\":{\"bash\":{\"*\":\"ask\",\"git status\":\"allow\",\"rm *\":\"deny\"},\"edit\":\"ask\",\"read\":{\"*.env\":\"deny\"}}}",

		"{\"agent\":{\"plan\":{\"permission\":{\"edit\":\"deny\"}}},\"permission\":{\"bash\":{\"rm *\":\"deny\",\"*\":\"allow\"}}}",

		"// c\n{\"permission\":\"deny\",}",

		"{",
	)
}

// parseConfigBytes follows load for a single config file.
func parseConfigBytes(t *testing.T, data []byte) {
	const path = "/p/opencode.json"
	v, ok, err := parseConfigFile(path, data, func(string) string { return "" })
	if err != nil && !strings.HasPrefix(err.Error(), path+":") {
		t.Fatalf("error does not name %s: %v", path, err)
	}
	if !ok {
		return
	}
	srcOf := map[*string]int{}
	stamp(v, 0, srcOf)
	merged := mergeDeep(value{isOb: true}, v)
	perm, _ := merged.get("permission")
	switch {
	case perm.str != nil:
		perm = value{isOb: true, obj: []member{{"*", perm}}}
	case !perm.isOb:
		perm = value{isOb: true}
	}
	srcName := func(s *string) (string, string) {
		if _, ok := srcOf[s]; ok {
			return path, LayerProject
		}
		return "", LayerBuiltin
	}
	p := &Policy{project: "/p", home: "/h", agents: map[string]*agent{}}
	user := p.fromConfig(perm, srcName, "")
	p.configRules = append(p.configRules, user...)
	p.buildAgents(user, merged, srcName)
	for _, r := range p.configRules { // as load does: one RuleInfo per configured rule
		p.infos = append(p.infos, engine.RuleInfo{File: r.file, Layer: r.layer, List: r.action, Rule: agentPrefix(r.agent) + r.text(), InForce: true})
	}
	p.flagCancelledDenies()
}

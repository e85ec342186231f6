package claude

import (
	"fmt"
	"path"
	"strings"
)

// wildcard stands in for a glob when a rule's own pattern is matched as
// text: a deny pattern matches it only with a wildcard of its own there.
const wildcard = "\u2217"

// markShadowed finds the allow and ask rules in force that a deny rule
// makes useless: every call they could approve (or ask for) is blocked
// first by the deny rule (step 2 comes before steps 5 and 12). Rules()
// lists them as not in force, with the deny rule named.
func (p *Policy) markShadowed() {
	shadowed := map[*rule]*rule{}
	for _, list := range [][]*rule{p.allow, p.ask} {
		for _, r := range list {
			for _, d := range p.deny {
				if p.covers(d, r) {
					shadowed[r] = d
					break
				}
			}
		}
	}
	// The rules stay in the lists Decide walks: the deny rule decides
	// first anyway, and this keeps Decide's reading independent of how
	// well covers compares patterns.
	for i := range p.infos {
		r := p.ruleOf[i]
		if d := shadowed[r]; r != nil && d != nil {
			p.infos[i].InForce = false
			p.infos[i].Why = fmt.Sprintf("shadowed by the deny rule %s (%s): every call it covers is denied first", d.text, d.src.path)
		}
	}
}

// covers reports whether the deny rule d blocks every call the rule r
// matches. It answers for the forms it can compare (a tool-wide deny,
// command patterns, path patterns, identical rules) and says no
// otherwise.
func (p *Policy) covers(d, r *rule) bool {
	if d.negated || r.negated {
		return false
	}
	pathDeny := d.kind == kindPath && (d.tool == r.tool || (d.tool == "Read" && r.tool == "Edit"))
	if !d.matchesTool(r.tool) && !pathDeny {
		return false
	}
	if r.list == "allow" && r.tool == "Edit" && d.tool != "Read" {
		// An Edit allow rule also lets its paths be read, which no Edit
		// deny rule stops; only a Read deny rule blocks both.
		return false
	}
	switch {
	case d.kind == kindTool:
		return true
	case r.kind == kindTool:
		return false
	case strings.TrimSpace(d.text) == strings.TrimSpace(r.text):
		return true
	case d.kind == kindBash && r.kind == kindBash:
		return d.bash.match(bashShape(r.bash))
	case pathDeny && r.kind == kindPath:
		rep, ok := p.pathShape(r)
		return ok && d.path.Match(rep, p.anchors(d), true)
	}
	return false
}

// bashShape is the text of a command pattern with its wildcards marked,
// as a deny pattern is matched against it: "git push:*" reads "git push ∗".
func bashShape(b bashPattern) string {
	if b.legacy {
		return b.prefix + " " + wildcard
	}
	return strings.ReplaceAll(b.raw, "*", wildcard)
}

// pathShape is an absolute path standing for everything a path rule
// names, with its globs marked, or false when the rule's root is unknown.
func (p *Policy) pathShape(r *rule) (string, bool) {
	text := strings.TrimPrefix(r.path.String(), "!")
	base := p.project
	switch {
	case strings.HasPrefix(text, "//"):
		base, text = "/", text[2:]
	case strings.HasPrefix(text, "~/"):
		base, text = p.home, text[2:]
	case strings.HasPrefix(text, "/"):
		base, text = r.src.root, text[1:]
	case strings.HasPrefix(text, "./"):
		text = text[2:]
	}
	if base == "" {
		return "", false
	}
	var segs []string
	parts := strings.Split(text, "/")
	for i, s := range parts {
		switch {
		case s == "**" && i == len(parts)-1:
			s = wildcard // everything inside: at least one name
		case s == "" || s == "**":
			continue
		case strings.ContainsAny(s, "*?["):
			s = strings.NewReplacer("*", wildcard, "?", wildcard).Replace(s)
		}
		segs = append(segs, s)
	}
	return path.Join(append([]string{base}, segs...)...), true
}

package claude

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine"
)

// wildcard stands in for a glob when a rule's own pattern is matched as
// text: a deny pattern matches it only with a wildcard of its own there.
const wildcard = "\u2217"

// markShadowed finds the allow and ask rules in force that a deny rule
// makes useless: every call they could approve (or ask for) is blocked
// first by the deny rule (step 2 comes before steps 5 and 12). Rules()
// lists them as not in force, with the deny rule named.
//
// Each rule is compared only with the deny rules that could cover it
// (denyIndex), not with every deny rule: comparing all pairs made loading
// grow with allow × deny (issue 27: 10,000 allow and 10,000 deny rules
// took 2 s, 50,000 each over 40 s, 300,000 each — a 14 MB file — did not
// end). The deny rules no index narrows (path patterns of globs only,
// command patterns opening with a wildcard) are still compared with every
// rule of their tool, within shadowBudget comparisons; past it the rest is
// left unmarked and a problem says so.
func (p *Policy) markShadowed() {
	idx := newDenyIndex(p.deny)
	budget := shadowBudget(len(p.allow) + len(p.ask) + len(p.deny))
	shadowed := map[*rule]*rule{}
	unchecked := 0
	var cand []int
	for _, list := range [][]*rule{p.allow, p.ask} {
		for _, r := range list {
			if budget <= 0 {
				unchecked++
				continue
			}
			var lookups int
			cand, lookups = idx.candidates(r, p.pathShape, cand[:0])
			budget -= lookups
			p.coverChecks += lookups
			for _, i := range cand {
				budget--
				p.coverChecks++
				if d := p.deny[i]; p.covers(d, r) {
					shadowed[r] = d
					break
				}
			}
		}
	}
	if unchecked > 0 {
		p.problems = append(p.problems, engine.Warnf(p.deny[0].src.path, 0,
			"%d allow and ask rules were not checked for a deny rule that shadows them: more than %d comparisons of rules; they are listed as in force", unchecked, shadowBudget(len(p.allow)+len(p.ask)+len(p.deny))))
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

// shadowBudget bounds the comparisons markShadowed makes for n rules:
// linear in n, with room for a few hundred unindexed deny rules against
// thousands of rules.
func shadowBudget(n int) int { return 64*n + 1_000_000 }

// denyIndex narrows the deny rules that could cover a rule (covers) to
// those sharing what a match needs: the same text, the same tool for a
// tool-wide deny, the same first word for a command pattern. Candidates
// are deny indexes, in p.deny order, so the deny rule named is the first
// that covers, as when every pair was compared.
type denyIndex struct {
	byText   map[string][]int // any deny, by its trimmed text: identical rules
	toolWide map[string][]int // tool-wide denies (no specifier), by tool
	mcp      map[string][]int // tool-wide MCP denies by the prefix they cover ("mcp__srv" of "mcp__srv__*"), every tool of the server
	bash     map[string][]int // command patterns by the literal text every command they match starts with
	bashLens []int            // the lengths of bash's keys, increasing
	loose    []int            // command patterns that open with a wildcard ("*--force*")
	pathSeg  map[string][]int // path patterns by tool and a segment every path they match holds ("Read\x00secrets")
	pathAny  map[string][]int // path patterns of all glob segments ("*.pem"), by tool
}

func newDenyIndex(deny []*rule) *denyIndex {
	x := &denyIndex{byText: map[string][]int{}, toolWide: map[string][]int{}, mcp: map[string][]int{},
		bash: map[string][]int{}, pathSeg: map[string][]int{}, pathAny: map[string][]int{}}
	for i, d := range deny {
		if d.negated {
			continue // covers nothing
		}
		x.byText[strings.TrimSpace(d.text)] = append(x.byText[strings.TrimSpace(d.text)], i)
		switch d.kind {
		case kindTool:
			if srv, ok := mcpServerRule(d.tool); ok {
				x.mcp[srv] = append(x.mcp[srv], i)
			} else {
				x.toolWide[d.tool] = append(x.toolWide[d.tool], i)
			}
		case kindBash:
			if k := bashPrefix(d.bash); k != "" {
				if x.bash[k] == nil {
					x.bashLens = append(x.bashLens, len(k))
				}
				x.bash[k] = append(x.bash[k], i)
			} else {
				x.loose = append(x.loose, i)
			}
		case kindPath:
			if seg, ok := d.path.LiteralSegment(); ok {
				k := d.tool + "\x00" + seg
				x.pathSeg[k] = append(x.pathSeg[k], i)
			} else {
				x.pathAny[d.tool] = append(x.pathAny[d.tool], i)
			}
		}
	}
	slices.Sort(x.bashLens)
	x.bashLens = slices.Compact(x.bashLens)
	return x
}

// candidates appends to out, in increasing order without repeats, the
// deny rules that could cover r (shape: p.pathShape); lookups counts the
// index lookups it made.
func (x *denyIndex) candidates(r *rule, shape func(*rule) (string, bool), out []int) (_ []int, lookups int) {
	if r.negated {
		return out, 0
	}
	out = append(out, x.byText[strings.TrimSpace(r.text)]...)
	out = append(out, x.toolWide[r.tool]...)
	mcpServerTool(r.tool, func(srv string) { out = append(out, x.mcp[srv]...) })
	switch r.kind {
	case kindBash:
		// Every deny pattern whose literal start begins this one's text.
		text := bashShape(r.bash)
		for _, n := range x.bashLens {
			if n > len(text) {
				break
			}
			lookups++
			out = append(out, x.bash[text[:n]]...)
		}
		out = append(out, x.loose...)
	case kindPath:
		tools := []string{r.tool}
		if r.tool == "Edit" {
			tools = append(tools, "Read") // a Read deny blocks an Edit allow's reads too
		}
		rep, ok := shape(r)
		for _, t := range tools {
			out = append(out, x.pathAny[t]...)
			if !ok {
				continue // covers says no to a rule without a shape
			}
			for _, seg := range strings.Split(rep, "/") {
				lookups++
				out = append(out, x.pathSeg[t+"\x00"+seg]...)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out), lookups
}

// bashPrefix is the literal text every command a pattern matches starts
// with (bashPattern.match): the legacy prefix, the whole of an exact
// pattern, the bare form or else the text before the first *. "" for a
// pattern opening with a wildcard.
func bashPrefix(b bashPattern) string {
	switch {
	case b.legacy:
		return b.prefix
	case len(b.parts) == 1:
		return b.raw
	case b.bare != "":
		return b.bare // a prefix of parts[0], which also matches alone
	}
	return b.parts[0]
}

// mcpServerRule is the prefix a tool-wide MCP rule covers every tool
// under (matchesTool): "mcp__srv" and "mcp__srv__*" cover "mcp__srv__x".
func mcpServerRule(tool string) (string, bool) {
	if !strings.HasPrefix(tool, "mcp__") {
		return "", false
	}
	if s, ok := strings.CutSuffix(tool, "__*"); ok {
		return s, true
	}
	if strings.Count(tool, "__") == 1 {
		return tool, true
	}
	return "", false
}

// mcpServerTool calls fn with every key of denyIndex.mcp a tool-wide MCP
// deny covering tool could have: each prefix of tool that a "__" follows
// ("mcp__srv" of "mcp__srv__x"), and tool itself.
func mcpServerTool(tool string, fn func(string)) {
	if !strings.HasPrefix(tool, "mcp__") {
		return
	}
	for i := len("mcp__"); i < len(tool); i++ {
		if strings.HasPrefix(tool[i:], "__") {
			fn(tool[:i])
		}
	}
	fn(tool)
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

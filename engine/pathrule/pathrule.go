// Package pathrule matches the gitignore-style path patterns of Claude
// Code's Read(...) and Edit(...) rules (seed, "File paths"): "//x" from the
// filesystem root, "~/x" from the home folder, "/x" from the settings
// file's own root, "./x" from the project, and a bare pattern that is a
// name at any depth (no slash) or relative to the project (a slash in the
// middle). "*" and "?" stay inside one path segment, "**" crosses them,
// "[...]" is a character class ("[!...]" or "[^...]" negated), and a
// pattern that matches a folder matches everything inside it.
//
// The glob matching is this package's own: segments are matched with the
// standard library's path.Match after turning gitignore's "[!" into "[^",
// and "**" is handled here. Paths are slash-separated; there is no Windows
// form.
package pathrule

import (
	"errors"
	"fmt"
	"path"
	"strings"
)

// Base holds the folders the anchors are read from. SettingsRoot is the
// root of the settings file the rule came from: the project for project
// and local settings, the .claude folder for user settings; empty means
// the project.
type Base struct{ SettingsRoot, Project, Home string }

// The anchors a pattern can have, as Anchor returns them.
const (
	AnchorRoot     = "root"     // "//x"
	AnchorHome     = "home"     // "~/x"
	AnchorSettings = "settings" // "/x"
	AnchorProject  = "project"  // "./x", or a bare pattern with a slash in the middle
	AnchorAny      = "any"      // a bare pattern without a slash: a name at any depth
)

// Pattern is one parsed path pattern. The zero value matches nothing.
type Pattern struct {
	text    string
	negated bool
	anchor  string
	rest    string   // the pattern after its anchor, trailing slash removed
	segs    []string // rest split at "/", with "[!" turned into "[^"
	// bare is set for a project pattern written without "./" (gitignore's
	// "slash in the middle"); only those get the any-depth reading.
	bare bool
}

// Parse reads a pattern as written inside Read(...) or Edit(...). A leading
// "!" makes it Negated. It fails on an empty pattern and on a malformed
// character class.
func Parse(text string) (Pattern, error) {
	p := Pattern{text: text}
	body := text
	if strings.HasPrefix(body, "!") {
		p.negated = true
		body = body[1:]
	}
	if body == "" {
		return Pattern{}, errors.New("empty path pattern")
	}
	switch {
	case strings.HasPrefix(body, "//"):
		p.anchor, p.rest = AnchorRoot, body[2:]
	case body == "~" || strings.HasPrefix(body, "~/"):
		p.anchor, p.rest = AnchorHome, strings.TrimPrefix(strings.TrimPrefix(body, "~"), "/")
	case strings.HasPrefix(body, "/"):
		p.anchor, p.rest = AnchorSettings, body[1:]
	case body == "." || strings.HasPrefix(body, "./"):
		p.anchor, p.rest = AnchorProject, strings.TrimPrefix(strings.TrimPrefix(body, "."), "/")
	case strings.Contains(strings.TrimRight(body, "/"), "/"):
		p.anchor, p.rest, p.bare = AnchorProject, body, true
	default:
		// "secrets/" has only a trailing slash, so, as in gitignore, it is
		// a name at any depth.
		p.anchor, p.rest = AnchorAny, body
	}
	p.rest = strings.TrimRight(p.rest, "/")
	if p.rest != "" {
		for _, s := range strings.Split(p.rest, "/") {
			if s == "" {
				continue // "a//b" reads as "a/b"
			}
			g := negateClass(s)
			if _, err := path.Match(g, ""); err != nil {
				return Pattern{}, fmt.Errorf("path pattern %q: bad segment %q: %w", text, s, err)
			}
			p.segs = append(p.segs, g)
		}
	}
	return p, nil
}

// negateClass turns gitignore's "[!" into path.Match's "[^".
func negateClass(s string) string {
	if !strings.Contains(s, "[!") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		b.WriteByte(c)
		switch {
		case c == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case c == '[' && i+1 < len(s) && s[i+1] == '!':
			b.WriteByte('^')
			i++
		}
	}
	return b.String()
}

// Negated reports whether the pattern was written with a leading "!".
func (p Pattern) Negated() bool { return p.negated }

// String returns the pattern exactly as written, "!" included.
func (p Pattern) String() string { return p.text }

// Anchor names where the pattern is read from: "root", "home", "settings",
// "project" or "any".
func (p Pattern) Anchor() string { return p.anchor }

// OneFolder reports whether the pattern is a bare "NAME/**": the form the
// seed says deny and ask rules match at any depth.
func (p Pattern) OneFolder() bool {
	return p.bare && len(p.segs) == 2 && p.segs[1] == "**" && p.segs[0] != "**"
}

// seg is one segment of a pattern ready to match: literal text (from a
// base folder, never a glob), a glob, or "**".
type seg struct {
	text    string
	literal bool
	// star is 0 for a plain segment; for "**": 1 when it must match at
	// least one segment (a trailing "**": "everything inside"), 2 when it
	// may match none.
	star int
}

// Match reports whether the absolute path matches. The path is cleaned
// first. A pattern that matches a folder matches everything inside it
// (gitignore leaves a folder's contents out with the folder). A bare name
// (anchor "any") and a bare pattern with a slash are read inside the
// project only. anyDepth: a one-folder pattern such as "secrets/**" also
// matches at any depth below the project (deny and ask rules), not only at
// the top (allow rules).
func (p Pattern) Match(file string, b Base, anyDepth bool) bool {
	pat, target, ok := p.segments(file, b, anyDepth)
	return ok && matchSegs(pat, target)
}

// segments returns the pattern's segments, anchored at its base, and the
// path's; ok is false when the pattern cannot match at all.
func (p Pattern) segments(file string, b Base, anyDepth bool) (pat []seg, target []string, ok bool) {
	if p.anchor == "" || !strings.HasPrefix(file, "/") {
		return nil, nil, false
	}
	file = path.Clean(file)
	var base string
	switch p.anchor {
	case AnchorRoot:
		base = "/"
	case AnchorHome:
		base = b.Home
	case AnchorSettings:
		base = b.SettingsRoot
		if base == "" {
			base = b.Project
		}
	default:
		base = b.Project
	}
	if base == "" || !strings.HasPrefix(base, "/") {
		return nil, nil, false
	}
	base = path.Clean(base)
	target = splitPath(file)
	pat = literalSegs(base)
	if p.anchor == AnchorAny || (anyDepth && p.OneFolder()) {
		pat = append(pat, seg{text: "**", star: 2})
	}
	for i, s := range p.segs {
		switch {
		case s == "**" && i == len(p.segs)-1:
			pat = append(pat, seg{text: s, star: 1})
		case s == "**":
			pat = append(pat, seg{text: s, star: 2})
		case s == "..":
			// "../x" climbs out of the base; a literal step back.
			if n := len(pat); n > 0 && pat[n-1].literal {
				pat = pat[:n-1]
				continue
			}
			pat = append(pat, seg{text: s})
		default:
			pat = append(pat, seg{text: s})
		}
	}
	// Whatever the pattern names, everything inside it matches too.
	pat = append(pat, seg{text: "**", star: 2})
	return pat, target, true
}

func splitPath(p string) []string {
	if p == "/" {
		return nil
	}
	return strings.Split(strings.TrimPrefix(p, "/"), "/")
}

func literalSegs(base string) []seg {
	parts := splitPath(base)
	out := make([]seg, 0, len(parts)+4)
	for _, s := range parts {
		out = append(out, seg{text: s, literal: true})
	}
	return out
}

// matchSegs matches pattern segments against path segments. A pattern
// with at most one "**" before its end is matched by plain recursion, which
// allocates nothing; with more, the recursion could try every way of
// sharing the folders among the "**"s (exponential in their number: a
// settings file is outside input), so those are matched by dynamic
// programming over (pattern position, path position) instead.
func matchSegs(pat []seg, target []string) bool {
	stars := 0
	for _, s := range pat[:max(len(pat)-1, 0)] {
		if s.star > 0 {
			stars++
		}
	}
	if stars > 1 {
		return matchSegsDP(pat, target)
	}
	return matchSegsRec(pat, target)
}

func matchSegsRec(pat []seg, target []string) bool {
	for i, s := range pat {
		if s.star > 0 {
			min := 0
			if s.star == 1 {
				min = 1
			}
			for k := min; k <= len(target); k++ {
				if matchSegsRec(pat[i+1:], target[k:]) {
					return true
				}
			}
			return false
		}
		if len(target) == 0 || !segMatches(s, target[0]) {
			return false
		}
		target = target[1:]
	}
	return len(target) == 0
}

// matchSegsDP: next[j] says whether pat[i+1:] matches target[j:]; the
// pattern is walked from its end, so the whole costs
// O(len(pat) × len(target)) segment matches.
func matchSegsDP(pat []seg, target []string) bool {
	n := len(target)
	next := make([]bool, n+1)
	cur := make([]bool, n+1)
	next[n] = true // the empty pattern matches the empty path
	for i := len(pat) - 1; i >= 0; i-- {
		s := pat[i]
		if s.star > 0 {
			// cur[j] = next[k] for some k ≥ j (k > j for a one-or-more "**").
			any := false
			for j := n; j >= 0; j-- {
				if s.star == 1 {
					cur[j] = any
					any = any || next[j]
				} else {
					any = any || next[j]
					cur[j] = any
				}
			}
		} else {
			cur[n] = false
			for j := n - 1; j >= 0; j-- {
				cur[j] = next[j+1] && segMatches(s, target[j])
			}
		}
		next, cur = cur, next
	}
	return next[0]
}

func segMatches(s seg, name string) bool {
	if s.literal {
		return s.text == name
	}
	ok, _ := path.Match(s.text, name)
	return ok
}

// LiteralSegment returns a segment of the pattern written without glob
// characters ("secrets" of "./secrets/**/*.pem"), which every path the
// pattern matches holds as one of its own segments: it lets a caller with
// many patterns look up the few that could match a path instead of trying
// them all. False when every segment is a glob, "**" or a step.
func (p Pattern) LiteralSegment() (string, bool) {
	for i := len(p.segs) - 1; i >= 0; i-- {
		s := p.segs[i]
		if s == "" || s == "." || s == ".." || strings.ContainsAny(s, `*?[\`) {
			continue
		}
		return s, true
	}
	return "", false
}

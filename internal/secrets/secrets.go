// Package secrets finds credentials in text — commands, paths, rules — and
// masks them, so a report or a `permsim sql` result can be shared without
// passing on the tokens an agent typed.
//
// The detection rules are gitleaks' default rule set (its config package's
// gitleaks.toml, some 220 rules kept up to date by that project: provider
// token formats, private keys, curl authorization headers, generic
// key=value secrets with an entropy floor), applied the way gitleaks
// applies them: keywords first, then the rule's expression, its secret
// group, its entropy floor, then the global and per-rule allowlists. Two
// shapes that gitleaks leaves to the line's context and that command lines
// are full of are added here: a password inside a URL
// (scheme://user:password@host), a shell assignment to a variable whose
// name says it holds a secret (AWS_SECRET_ACCESS_KEY=…, PGPASSWORD=…), an
// Anthropic key of any shape, and the password a MySQL client is given on
// its command line (-pPASSWORD, --password=…), found by parsing the
// command as shell. MaskLine masks a line of any output, JSON included.
package secrets

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
	"github.com/BurntSushi/toml"
	"github.com/zricethezav/gitleaks/v8/config"
)

// Mask is what stands in for a masked secret.
const Mask = "[masked]"

type rule struct {
	id          string
	expr        string // compiled on first use: most rules never pass their keywords
	once        sync.Once
	re          *regexp.Regexp
	secretGroup int
	entropy     float64
	keywords    []string // lower case; the rule is tried only when one occurs
	allow       []*allowlist
}

// regexp compiles the rule's expression on first use; nil when it does
// not compile (Go's regexp is the engine gitleaks itself uses).
func (r *rule) regexp() *regexp.Regexp {
	r.once.Do(func() {
		if r.re == nil {
			r.re, _ = regexp.Compile(r.expr)
		}
	})
	return r.re
}

// allowlist is one of gitleaks' allowlists, as far as it can apply to a
// text that is neither a file nor a commit.
type allowlist struct {
	and       bool   // every criterion must hold (condition = "AND")
	target    string // what the expressions test: "" the secret, "match", "line"
	exprs     []string
	once      sync.Once
	res       []*regexp.Regexp
	stopWords []string // lower case
	rules     []string // global allowlists: the rules they apply to (none: all)
	skip      bool     // needs a path or a commit, which a command has not
}

func (a *allowlist) regexAllowed(s string) bool {
	a.once.Do(func() {
		for _, e := range a.exprs {
			if re, err := regexp.Compile(e); err == nil {
				a.res = append(a.res, re)
			}
		}
	})
	for _, re := range a.res {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

func (a *allowlist) stopWord(secret string) bool {
	l := strings.ToLower(secret)
	for _, w := range a.stopWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

type ruleSet struct {
	rules  []*rule
	global []*allowlist
	// keywords finds every rule's keywords in one pass over a text (the
	// text lowered byte by byte): one strings.Contains per keyword per
	// rule made masking ~20 µs a line, which every line of every
	// command's output now pays. byKeyword[i] are the rules of pattern i;
	// always are the rules without keywords.
	keywords  *ahocorasick.Trie
	byKeyword [][]int
	always    []int
}

// index builds the keyword automaton of the rules.
func (rs *ruleSet) index() {
	at := map[string]int{}
	var words []string
	for ri, r := range rs.rules {
		if len(r.keywords) == 0 {
			rs.always = append(rs.always, ri)
			continue
		}
		for _, k := range r.keywords {
			i, ok := at[k]
			if !ok {
				i = len(words)
				at[k] = i
				words = append(words, k)
				rs.byKeyword = append(rs.byKeyword, nil)
			}
			rs.byKeyword[i] = append(rs.byKeyword[i], ri)
		}
	}
	rs.keywords = ahocorasick.NewTrieBuilder().AddStrings(words).Build()
}

// candidates marks the rules whose keywords occur in s (or that have
// none).
func (rs *ruleSet) candidates(s string) []bool {
	on := make([]bool, len(rs.rules))
	for _, ri := range rs.always {
		on[ri] = true
	}
	lower := []byte(s)
	for i, c := range lower {
		if 'A' <= c && c <= 'Z' {
			lower[i] = c + 'a' - 'A'
		}
	}
	rs.keywords.Walk(lower, func(_, _, pattern int64) bool {
		for _, ri := range rs.byKeyword[pattern] {
			on[ri] = true
		}
		return true
	})
	return on
}

var (
	loadOnce sync.Once
	loaded   *ruleSet
)

// extra are the shapes added to gitleaks' rules (see the package
// comment). An Anthropic key is masked whatever its length and entropy:
// gitleaks' own rules want the exact 93-character shape, and a test or
// placeholder key (sk-ant-aaaa…) is still one to keep out of a shared
// report. MYSQL_PWD is the MySQL clients' password variable. An unquoted assigned value is made of the characters
// tokens and passwords use, so a regular expression or a sed script that
// merely names the variable (s/^API_KEY=.*/…/) is not masked.
func extra() []*rule {
	return []*rule{
		{id: "url-password", re: regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@'"]{1,128}:([^\s@/'"]{1,256})@`), secretGroup: 1, keywords: []string{"://"}},
		{id: "anthropic-key", re: regexp.MustCompile(`\bsk-ant-[A-Za-z0-9_\-]{8,}`), keywords: []string{"sk-ant-"}},
		{id: "secret-assignment", re: regexp.MustCompile(`(?i)\b(?:[A-Z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?)[A-Z0-9_]*|MYSQL_PWD)=(?:'([^'\s]{3,512})'|"([^"\s]{3,512})"|([A-Za-z0-9_\-+/=.:@%~!^]{3,512}))`), keywords: []string{"secret", "token", "passw", "passphrase", "key", "credential", "mysql_pwd"}},
	}
}

// gitleaksFile is the part of gitleaks' configuration file (its config
// package's gitleaks.toml) the masking uses.
type gitleaksFile struct {
	Rules []struct {
		ID          string
		Regex       string
		SecretGroup int
		Entropy     float64
		Keywords    []string
		SkipReport  bool
		Allowlists  []gitleaksAllowlist
	}
	Allowlists []gitleaksAllowlist
}

type gitleaksAllowlist struct {
	Condition   string
	Commits     []string
	Paths       []string
	RegexTarget string
	Regexes     []string
	StopWords   []string
	TargetRules []string
}

func (g gitleaksAllowlist) compile() *allowlist {
	a := &allowlist{and: strings.EqualFold(g.Condition, "AND"), target: g.RegexTarget, exprs: g.Regexes, rules: g.TargetRules}
	for _, w := range g.StopWords {
		a.stopWords = append(a.stopWords, strings.ToLower(w))
	}
	hasPathOrCommit := len(g.Paths) > 0 || len(g.Commits) > 0
	// Made only of path or commit criteria, or needing one under AND: it
	// cannot hold for a command.
	a.skip = hasPathOrCommit && (a.and || len(g.Regexes) == 0 && len(g.StopWords) == 0)
	return a
}

// rules reads the rule set once. The file is gitleaks' own
// (config.DefaultConfig), read with the TOML reader permsim already uses;
// each expression is compiled the first time a text holds one of its
// rule's keywords (compiling all 220 up front took most of a second).
func rules() *ruleSet {
	loadOnce.Do(func() {
		rs := &ruleSet{}
		var f gitleaksFile
		if _, err := toml.Decode(config.DefaultConfig, &f); err == nil {
			for _, r := range f.Rules {
				if r.Regex == "" || r.SkipReport {
					continue // path-only rules say nothing about text
				}
				nr := &rule{id: r.ID, expr: r.Regex, secretGroup: r.SecretGroup, entropy: r.Entropy}
				for _, k := range r.Keywords {
					nr.keywords = append(nr.keywords, strings.ToLower(k))
				}
				for _, a := range r.Allowlists {
					nr.allow = append(nr.allow, a.compile())
				}
				rs.rules = append(rs.rules, nr)
			}
			for _, a := range f.Allowlists {
				rs.global = append(rs.global, a.compile())
			}
		}
		rs.rules = append(rs.rules, extra()...)
		rs.index()
		loaded = rs
	})
	return loaded
}

// RuleCount is the number of detection rules in use from gitleaks' rule
// set (the two added here not counted); zero would mean it failed to load.
func RuleCount() int { return len(rules().rules) - len(extra()) }

// Finding is one secret found in a text: its byte span and the rule that
// found it.
type Finding struct {
	Start, End int
	RuleID     string
}

// Find returns the secrets in s, in order of their start.
func Find(s string) []Finding {
	if s == "" {
		return nil
	}
	rs := rules()
	on := rs.candidates(s)
	var out []Finding
	for ri, r := range rs.rules {
		if !on[ri] {
			continue
		}
		re := r.regexp()
		if re == nil {
			continue
		}
		for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
			start, end := secretSpan(r, m)
			if start < 0 || start >= end {
				continue
			}
			secret := s[start:end]
			if r.entropy != 0 && entropy(secret) <= r.entropy {
				continue
			}
			match := s[m[0]:m[1]]
			if allowed(rs.global, r.id, secret, match, s) || allowed(r.allow, r.id, secret, match, s) {
				continue
			}
			out = append(out, Finding{Start: start, End: end, RuleID: r.id})
		}
	}
	out = append(out, commandPasswords(s)...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End > out[j].End
	})
	return out
}

// MaskString returns s with every secret Find reports replaced by Mask.
func MaskString(s string) string { return maskString(s, nil, false) }

// maskString is MaskString telling found (when not nil) each secret it
// masks. escaped says s may hold JSON strings, whose escapes a span must
// not cut in two (mask the backslash of \" and not the quote, and the
// quote ends the string early).
func maskString(s string, found func(secret string), escaped bool) string {
	fs := Find(s)
	if len(fs) == 0 {
		return s
	}
	if escaped {
		for i := range fs {
			fs[i].Start, fs[i].End = wholeEscapes(s, fs[i].Start, fs[i].End)
		}
	}
	var b strings.Builder
	pos := 0
	for _, f := range fs {
		if f.End <= pos {
			continue // inside a secret already masked
		}
		start := max(f.Start, pos)
		if found != nil {
			found(s[start:f.End])
		}
		b.WriteString(s[pos:start])
		b.WriteString(Mask)
		pos = f.End
	}
	b.WriteString(s[pos:])
	return b.String()
}

// wholeEscapes widens the span [start, end) of s so that it neither
// ends on the backslash of an escape nor begins just after one.
func wholeEscapes(s string, start, end int) (int, int) {
	if oddBackslashes(s[:start]) {
		start--
	}
	if end < len(s) && oddBackslashes(s[start:end]) {
		end++
		if s[end-1] == 'u' { // \uXXXX
			end = min(len(s), end+4)
		}
	}
	return start, end
}

// oddBackslashes reports whether s ends in an odd run of backslashes:
// its last one escapes what follows.
func oddBackslashes(s string) bool {
	n := 0
	for i := len(s) - 1; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

// secretSpan picks the secret out of a match the way gitleaks does: the
// rule's secret group, else the first non-empty group, else the whole
// match.
func secretSpan(r *rule, m []int) (int, int) {
	groups := len(m)/2 - 1
	if groups >= 1 {
		if r.secretGroup > 0 {
			if r.secretGroup > groups {
				return -1, -1
			}
			return m[2*r.secretGroup], m[2*r.secretGroup+1]
		}
		for g := 1; g <= groups; g++ {
			if m[2*g] >= 0 && m[2*g+1] > m[2*g] {
				return m[2*g], m[2*g+1]
			}
		}
	}
	return m[0], m[1]
}

// allowed applies gitleaks' allowlists to one finding of rule id: an
// allowlist holds when its expressions match (the secret, the match or the
// line, as it says) or the secret holds one of its stop words — both,
// under an AND condition.
func allowed(lists []*allowlist, id, secret, match, line string) bool {
	for _, a := range lists {
		if a.skip || len(a.rules) > 0 && !slices.Contains(a.rules, id) {
			continue
		}
		target := secret
		switch a.target {
		case "match":
			target = match
		case "line":
			target = line
		}
		hasRe, hasStop := len(a.exprs) > 0, len(a.stopWords) > 0
		reOK := hasRe && a.regexAllowed(target)
		stopOK := hasStop && a.stopWord(secret)
		if a.and {
			if (!hasRe || reOK) && (!hasStop || stopOK) && (hasRe || hasStop) {
				return true
			}
			continue
		}
		if reOK || stopOK {
			return true
		}
	}
	return false
}

// entropy is the Shannon entropy of s in bits per byte, as gitleaks
// computes it.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	e := 0.0
	n := float64(len(s))
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			e -= p * math.Log2(p)
		}
	}
	return e
}

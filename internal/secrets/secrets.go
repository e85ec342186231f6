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
// (scheme://user:password@host) and a shell assignment to a variable whose
// name says it holds a secret (AWS_SECRET_ACCESS_KEY=…, PGPASSWORD=…).
package secrets

import (
	"math"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/zricethezav/gitleaks/v8/config"
)

// Mask is what stands in for a masked secret.
const Mask = "[masked]"

type rule struct {
	id          string
	re          *regexp.Regexp
	secretGroup int
	entropy     float64
	keywords    []string // lower case; the rule is tried only when one occurs
	allow       []*config.Allowlist
}

type ruleSet struct {
	rules  []rule
	global []*config.Allowlist
}

var (
	loadOnce sync.Once
	loaded   *ruleSet
)

// extra are the two command-line shapes added to gitleaks' rules (see the
// package comment). An unquoted assigned value is made of the characters
// tokens and passwords use, so a regular expression or a sed script that
// merely names the variable (s/^API_KEY=.*/…/) is not masked.
var extra = []rule{
	{id: "url-password", re: regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@'"]{1,128}:([^\s@/'"]{1,256})@`), secretGroup: 1, keywords: []string{"://"}},
	{id: "secret-assignment", re: regexp.MustCompile(`(?i)\b[A-Z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?)[A-Z0-9_]*=(?:'([^'\s]{3,512})'|"([^"\s]{3,512})"|([A-Za-z0-9_\-+/=.:@%~!^]{3,512}))`), keywords: []string{"secret", "token", "passw", "passphrase", "key", "credential"}},
}

// rules loads and compiles the rule set once. gitleaks' own loader goes
// through viper; the rule set is plain TOML, read here with the TOML
// reader permsim already uses, into gitleaks' own configuration type.
func rules() *ruleSet {
	loadOnce.Do(func() {
		rs := &ruleSet{}
		var vc config.ViperConfig
		cfg := config.Config{}
		if _, err := toml.Decode(config.DefaultConfig, &vc); err == nil {
			if c, err := vc.Translate(); err == nil {
				cfg = c
			}
		}
		for _, id := range cfg.OrderedRules {
			r := cfg.Rules[id]
			if r.Regex == nil || r.SkipReport {
				continue // path-only rules say nothing about text
			}
			rs.rules = append(rs.rules, rule{id: r.RuleID, re: r.Regex, secretGroup: r.SecretGroup,
				entropy: r.Entropy, keywords: r.Keywords, allow: r.Allowlists})
		}
		rs.global = cfg.Allowlists
		rs.rules = append(rs.rules, extra...)
		loaded = rs
	})
	return loaded
}

// RuleCount is the number of detection rules in use (gitleaks' and the two
// added here); zero would mean gitleaks' rule set failed to load.
func RuleCount() int { return len(rules().rules) - len(extra) }

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
	lower := strings.ToLower(s)
	var out []Finding
	for i := range rs.rules {
		r := &rs.rules[i]
		if len(r.keywords) > 0 && !containsAny(lower, r.keywords) {
			continue
		}
		for _, m := range r.re.FindAllStringSubmatchIndex(s, -1) {
			start, end := secretSpan(r, m)
			if start < 0 || start >= end {
				continue
			}
			secret := s[start:end]
			if r.entropy != 0 && entropy(secret) <= r.entropy {
				continue
			}
			match := s[m[0]:m[1]]
			if allowed(rs.global, secret, match, s) || allowed(r.allow, secret, match, s) {
				continue
			}
			out = append(out, Finding{Start: start, End: end, RuleID: r.id})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End > out[j].End
	})
	return out
}

// MaskString returns s with every secret Find reports replaced by Mask.
func MaskString(s string) string {
	fs := Find(s)
	if len(fs) == 0 {
		return s
	}
	var b strings.Builder
	pos := 0
	for _, f := range fs {
		if f.End <= pos {
			continue // inside a secret already masked
		}
		start := max(f.Start, pos)
		b.WriteString(s[pos:start])
		b.WriteString(Mask)
		pos = f.End
	}
	b.WriteString(s[pos:])
	return b.String()
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

// allowed applies gitleaks' allowlists to one finding. Criteria that need a
// commit or a file path cannot hold for a command, so an allowlist made
// only of those never applies, and under an AND condition neither does one
// that has them.
func allowed(lists []*config.Allowlist, secret, match, line string) bool {
	for _, a := range lists {
		if a == nil {
			continue
		}
		hasPathOrCommit := len(a.Paths) > 0 || len(a.Commits) > 0
		if a.MatchCondition == config.AllowlistMatchAnd && hasPathOrCommit {
			continue
		}
		target := secret
		switch a.RegexTarget {
		case "match":
			target = match
		case "line":
			target = line
		}
		regexOK := len(a.Regexes) > 0 && a.RegexAllowed(target)
		stopOK := false
		if len(a.StopWords) > 0 {
			stopOK, _ = a.ContainsStopWord(secret)
		}
		if a.MatchCondition == config.AllowlistMatchAnd {
			if (len(a.Regexes) == 0 || regexOK) && (len(a.StopWords) == 0 || stopOK) && (len(a.Regexes) > 0 || len(a.StopWords) > 0) {
				return true
			}
			continue
		}
		if regexOK || stopOK {
			return true
		}
	}
	return false
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
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

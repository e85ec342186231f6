package verify

import "regexp"

// Pattern reads a harness's tool-result (or error) text: when Re matches,
// the call's outcome is Outcome, and Name is the pattern a result row
// names.
type Pattern struct {
	Re      *regexp.Regexp
	Outcome string
	Name    string
}

// Patterns is a driver's table of result texts, first match wins (each
// table is the harness's in reference/real-harnesses.md).
type Patterns []Pattern

// Match returns the outcome and name of the first pattern text matches;
// ok is false when none does.
func (ps Patterns) Match(text string) (outcome, name string, ok bool) {
	for _, p := range ps {
		if p.Re.MatchString(text) {
			return p.Outcome, p.Name, true
		}
	}
	return "", "", false
}

// ResultPattern is the Pattern of the regular expression expr (it panics
// on a bad one, as regexp.MustCompile: the tables are fixed at build).
func ResultPattern(expr, outcome, name string) Pattern {
	return Pattern{Re: regexp.MustCompile(expr), Outcome: outcome, Name: name}
}

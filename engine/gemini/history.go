package gemini

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/permsim/permsim/engine"
)

// This file is Gemini CLI 0.61.0's guard against commands built from
// earlier command output (findUntrustedFlags in the shell tool): the
// output of every shell call is kept as <untrusted_context>, and a later
// shell command that reuses a flag from it, or a word holding /, . or :,
// is asked about before it runs — in every mode, yolo included, and even
// where a rule would deny it (recorded with the real Gemini CLI 0.61.0:
// `find . -type f` printed ./notes.txt, and `cp notes.txt n2.txt` then
// asked in yolo mode; alone, in a fresh session, it ran). It needs the
// session's earlier output, so only DecideInSession applies it.

// untrustedContext is the <untrusted_context> blocks of earlier tool
// output. A block without its closing tag runs to the end of the text: a
// result recorded or logged cut short loses the tag, while Gemini CLI saw
// the whole output.
var untrustedContext = regexp.MustCompile(`(?i)<untrusted_context[^>]*>([\s\S]*?)(?:</untrusted_context>|$)`)

// untrustedSplit is where Gemini CLI cuts untrusted text into tokens.
var untrustedSplit = regexp.MustCompile("[\\s,`\"';()|&\\[\\]{}<>]+")

// benignTokens are words Gemini CLI never counts as untrusted.
var benignTokens = map[string]bool{
	"test": true, "build": true, "run": true, "exec": true, "compile": true, "install": true, "add": true,
	"update": true, "upgrade": true, "remove": true, "uninstall": true, "clean": true, "format": true, "lint": true,
	"check": true, "typecheck": true, "start": true, "stop": true, "restart": true, "status": true,
}

// untrusted is extractUntrustedContext: the texts and their tokens.
type untrusted struct {
	texts  []string
	tokens map[string]bool
}

func newUntrusted(outputs []string) *untrusted {
	u := &untrusted{tokens: map[string]bool{}}
	add := func(t string) {
		u.tokens[t] = true
		if strings.HasPrefix(t, "--") {
			u.tokens[t[2:]] = true
		} else if strings.HasPrefix(t, "-") {
			u.tokens[t[1:]] = true
		}
	}
	for _, out := range outputs {
		for _, m := range untrustedContext.FindAllStringSubmatch(out, -1) {
			text := strings.ReplaceAll(strings.TrimSpace(m[1]), `\`, "/")
			if text == "" {
				continue
			}
			u.texts = append(u.texts, text)
			for _, tok := range untrustedSplit.Split(text, -1) {
				tok = strings.TrimSpace(tok)
				if len(tok) <= 1 || benignTokens[strings.ToLower(tok)] {
					continue
				}
				low := strings.ToLower(tok)
				add(low)
				if strings.Contains(low, "=") {
					for _, part := range strings.Split(low, "=") {
						if part = strings.TrimSpace(part); len(part) > 1 {
							add(part)
						}
					}
				}
				if strings.Contains(low, "/") {
					for _, part := range strings.Split(low, "/") {
						if part = strings.TrimSpace(part); len(part) > 1 {
							u.tokens[part] = true
						}
					}
				}
			}
		}
	}
	return u
}

// commandWords approximates the word list shell-quote gives Gemini CLI
// for a command line: every word of every command, redirection targets
// and assignments included, with quotes removed.
func commandWords(command string) []string {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return strings.Fields(command)
	}
	var words []string
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Word:
			words = append(words, wordText(x))
			return false
		case *syntax.Assign:
			if x.Value != nil {
				words = append(words, x.Name.Value+"="+wordText(x.Value))
			}
			return false
		}
		return true
	})
	return words
}

// wordText is a word without its quotes (expansions kept as written).
func wordText(w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					b.WriteString(l.Value)
				} else {
					b.WriteString("$")
				}
			}
		default:
			b.WriteString("$")
		}
	}
	return b.String()
}

// flagged is findUntrustedFlags: the words of command that come from
// the untrusted output.
func (u *untrusted) flagged(command string) []string {
	if len(u.texts) == 0 || len(u.tokens) == 0 {
		return nil
	}
	words := commandWords(command)
	var out []string
	for i, w := range words {
		low := strings.ToLower(w)
		if strings.HasPrefix(w, "-") {
			flag, val, hasVal := strings.Cut(low, "=")
			if u.tokens[low] || u.tokens[flag] || hasVal && u.tokens[val] {
				out = append(out, w)
				continue
			}
			if i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") && u.tokens[strings.ToLower(words[i+1])] {
				out = append(out, w, words[i+1])
			}
			continue
		}
		if len(w) <= 1 || !strings.ContainsAny(w, "/.:") {
			continue
		}
		if u.tokens[low] {
			out = append(out, w)
			continue
		}
		if strings.HasPrefix(w, "http://") || strings.HasPrefix(w, "https://") || strings.HasPrefix(w, "/") {
			for _, t := range u.texts {
				if strings.Contains(strings.ToLower(t), low) {
					out = append(out, w)
					break
				}
			}
		}
	}
	return out
}

// DecideInSession is Decide for a call made in a session whose earlier
// tool calls returned earlier (their result texts, in order): a shell
// command that reuses a flag or a path-like word of earlier command output
// asks first, whatever the rules and the mode, unless the tool is not
// registered or its path check refuses it. With no earlier output, and
// for headless Gemini CLI, it is Decide.
func (p *Policy) DecideInSession(call engine.Call, mode engine.Mode, earlier []string) engine.Decision {
	dec := p.Decide(call, mode)
	// The guard is a confirmation, which headless Gemini CLI never asks
	// for: there the rules and the mode decide alone
	// (testdata/gemini/realconfigs/headless).
	if p.headless {
		return dec
	}
	if len(earlier) == 0 || dec.Step == stepRegistry || dec.Step == stepWorkspace || dec.Step == stepPlanPath || dec.Outcome == engine.Asks {
		return dec
	}
	name := toolName(call)
	if !shellToolNames[name] {
		return dec
	}
	cmd, _ := toolArgs(call, name)["command"].(string)
	if cmd == "" {
		return dec
	}
	if words := newUntrusted(earlier).flagged(stripShellWrapper(cmd)); len(words) > 0 {
		dec.Outcome, dec.Group, dec.Step, dec.Rule = engine.Asks, engine.GroupFor(engine.Asks, false), stepHistory,
			nil
		dec.Reason = "the command reuses " + strings.Join(words, ", ") + " from earlier command output; Gemini CLI asks first in every mode"
	}
	return dec
}

package danger

import (
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// tokenServices are the hosts each credential printer's token is for: a
// token sent only there, in an Authorization header, is used, not shown.
var tokenServices = map[string][]string{
	"gh":     {"github.com", "githubusercontent.com"},
	"gcloud": {"googleapis.com"},
	// az account get-access-token's audiences by default and with
	// --resource in az's REST pages: Resource Manager and Microsoft
	// Graph. Not azure.com as a whole: cloudapp.azure.com names anyone's
	// machines.
	"az": {"management.azure.com", "graph.microsoft.com"},
}

// tokenOnlyAuthorizes reports whether the credential printer u (nested in
// a $( ) or backticks) feeds its token only into Authorization headers of
// requests to the token's own service: "TOKEN=$(gh auth token); curl -H
// \"Authorization: Bearer $TOKEN\" https://api.github.com/…", or the
// substitution written in the header itself. That is the token used, as
// `ssh -i KEY` uses a key (README's judgement call: a secret is read when
// its content reaches the output or a place others read); agents download
// attachments this way in the public transcripts
// (../shared/fixtures/public-transcripts, EntityProcess/agentv). Any other
// use (echo, a file, another host, a header of another name) keeps the
// mark, and so does every occurrence of the variable this cannot place.
func (c *checker) tokenOnlyAuthorizes(u unit) bool {
	hosts := tokenServices[path.Base(u.cmd.Name)]
	if !u.cmd.Nested || hosts == nil || c.line == nil || u.cmd.Text == "" {
		return false
	}
	substs := []string{"$(" + u.cmd.Text + ")", "`" + u.cmd.Text + "`"}
	// The places a line can name the token: the substitution itself, or a
	// variable a bare assignment gave it ("TOKEN=$(gh auth token)").
	uses, assigned := substs, 0
	for _, a := range c.line.Sets {
		if v := unquoted(a.Value); v == substs[0] || v == substs[1] {
			uses = append(uses, "$"+a.Name, "${"+a.Name+"}")
			assigned++
		}
	}
	// Every place in the source, less the assignments' own substitutions,
	// must be an Authorization header found below.
	want := countAny(c.line.Source, uses) - assigned
	if want <= 0 {
		return false // the token goes nowhere this can see
	}
	placed := 0
	for i := range c.line.Commands {
		cmd := &c.line.Commands[i]
		for k, w := range cmd.Args {
			n := countAny(w.Raw, uses)
			if n == 0 {
				continue
			}
			if !authHeader(cmd, k) || !allURLsAt(cmd, hosts, c.line.Sets) {
				return false
			}
			placed += n
		}
	}
	return placed == want
}

// countAny counts the occurrences of every one of subs in s.
func countAny(s string, subs []string) int {
	n := 0
	for _, sub := range subs {
		n += strings.Count(s, sub)
	}
	return n
}

// authHeader reports whether argument k of cmd, a curl, wget or HTTPie
// request, is an "Authorization:" header.
func authHeader(cmd *shell.Command, k int) bool {
	switch path.Base(cmd.Name) {
	case "curl", "wget", "http", "https", "xh":
	default:
		return false
	}
	v := unquoted(cmd.Args[k].Raw)
	switch {
	case strings.HasPrefix(v, "--header="):
		v = strings.TrimPrefix(v, "--header=")
	case k > 0 && (cmd.Args[k-1].Lit == "-H" || cmd.Args[k-1].Lit == "--header"):
	case path.Base(cmd.Name) != "curl" && path.Base(cmd.Name) != "wget":
		// HTTPie: "Authorization:Bearer $T" as a request item.
	default:
		return false
	}
	return strings.HasPrefix(strings.ToLower(strings.TrimSpace(v)), "authorization:")
}

// unquoted takes one layer of surrounding quotes off a word's source.
func unquoted(raw string) string {
	if len(raw) >= 2 && (raw[0] == '"' && raw[len(raw)-1] == '"' || raw[0] == '\'' && raw[len(raw)-1] == '\'') {
		return raw[1 : len(raw)-1]
	}
	return raw
}

// wordText is a word as a URL is read from it: its literal value, or its
// source with one layer of quotes off when it has expansions.
func wordText(a shell.Word) string {
	if a.Literal {
		return a.Lit
	}
	return unquoted(a.Raw)
}

// allURLsAt reports whether cmd names at least one URL and every URL it
// names is on one of hosts or their subdomains. A URL with expansions
// counts when its host is still known: expansions only in its path or
// query ("…/projects/${PROJECT_ID}/…"), or only in the host's leftmost
// labels before a literal "-" or "." that the service's name follows
// (Google Cloud's regional "${LOCATION}-aiplatform.googleapis.com"), each
// a plain $NAME or ${NAME} that sets (the line's assignments) gives no
// value that could end the host early ("/", "?", "#", "@", ":").
func allURLsAt(cmd *shell.Command, hosts []string, sets []shell.Assign) bool {
	n := 0
	for _, a := range cmd.Args {
		text := wordText(a)
		if !strings.HasPrefix(text, "http://") && !strings.HasPrefix(text, "https://") {
			continue
		}
		h, ok := urlHost(text, a.Literal, sets)
		if !ok || !slices.ContainsFunc(hosts, func(s string) bool { return h == s || strings.HasSuffix(h, "."+s) }) {
			return false
		}
		n++
	}
	return n > 0
}

// urlHost returns the lower-cased host of the URL text (a literal word,
// or a word's source with one layer of quotes off), when expansions leave
// it known (allURLsAt's terms); a host expansion is replaced by "x".
func urlHost(text string, literal bool, sets []shell.Assign) (string, bool) {
	if literal {
		u, err := url.Parse(text)
		if err != nil {
			return "", false
		}
		return strings.ToLower(u.Hostname()), true
	}
	_, rest, _ := strings.Cut(text, "://")
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	host := rest[:end]
	if strings.ContainsAny(host, "`\\\"'@:") || strings.Contains(host, "$(") {
		return "", false
	}
	var b strings.Builder
	for host != "" {
		i := strings.IndexByte(host, '$')
		if i < 0 {
			b.WriteString(host)
			break
		}
		b.WriteString(host[:i])
		name, after := "", host[i+1:]
		if strings.HasPrefix(after, "{") {
			j := strings.IndexByte(after, '}')
			if j < 0 {
				return "", false
			}
			name, after = after[1:j], after[j+1:]
		} else {
			j := 0
			for j < len(after) && (after[j] == '_' || after[j] >= 'a' && after[j] <= 'z' || after[j] >= 'A' && after[j] <= 'Z' || after[j] >= '0' && after[j] <= '9') {
				j++
			}
			name, after = after[:j], after[j:]
		}
		if name == "" || !validName(name) || !strings.HasPrefix(after, "-") && !strings.HasPrefix(after, ".") && !strings.HasPrefix(after, "$") {
			return "", false
		}
		for _, s := range sets {
			if s.Name == name && strings.ContainsAny(s.Value, "/?#@:$`") {
				return "", false
			}
		}
		b.WriteString("x")
		host = after
	}
	h := strings.ToLower(b.String())
	// The last label must be literal: the service's name follows the
	// expansions, it is not one.
	if last := h[strings.LastIndexByte(h, '.')+1:]; last == "" || strings.Contains(last, "$") {
		return "", false
	}
	return h, true
}

// validName reports a shell variable name (letters, digits and _, not
// starting with a digit).
func validName(s string) bool {
	for i, r := range s {
		if r != '_' && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return s != ""
}

// ownServiceToken reports whether argument k of the network command cmd is
// an Authorization header whose substitutions only print a token of the
// service every URL of cmd is on ("-H \"Authorization: Bearer $(gh auth
// token)\" https://api.github.com/…"): the token is used there, not sent
// away.
func ownServiceToken(cmd *shell.Command, k int, sets []shell.Assign) bool {
	if !authHeader(cmd, k) {
		return false
	}
	s := shell.Parse(": " + cmd.Args[k].Raw)
	printers := 0
	for i := range s.Commands {
		in := &s.Commands[i]
		if in.Name == ":" {
			continue
		}
		hosts := tokenServices[path.Base(in.Name)]
		if !credentialPrinter(in) || hosts == nil || !allURLsAt(cmd, hosts, sets) {
			return false
		}
		printers++
	}
	return printers > 0
}

// lineAssigns are the variable-only commands of the line being checked
// (none outside a line).
func (c *checker) lineAssigns() []shell.Assign {
	if c.line == nil {
		return nil
	}
	return c.line.Sets
}

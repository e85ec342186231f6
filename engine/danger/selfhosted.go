package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Round 4's host families, by mechanism rather than by line: data of
// self-hosted stores deleted through their CLIs and REST APIs, a
// service's credentials, users and access rules deleted or revoked,
// attacks that act on another host as another account (relaying,
// coercion, forged certificates), and servers stopped or restarted by
// their own control commands. The README of testdata/danger/independent
// labels each (its heldout6 judgement calls).

func init() {
	addRuleTexts(map[string]string{
		"storeAPIDeletes":           "a self-hosted store's data deleted over its REST API: Meilisearch, Elasticsearch, CouchDB, Qdrant, Typesense indexes, collections and documents, RabbitMQ queues and vhosts, Prometheus series",
		"storeCLIDeletes":           "a self-hosted store's data deleted by its CLI: rabbitmqadmin purge|delete, rpk topic delete|trim-prefix and group delete, nats stream|kv|object purge|delete",
		"serviceCredentialsRevoked": "a service's API keys, tokens, credentials or leases deleted, revoked or rolled, its users, groups or accounts deleted, or its access rules removed (kafka-acls --remove, aws remove-permission), by CLI or a REST DELETE",
		"attacksOnOtherHosts":       "another host acted on as another account: authentication relayed (ntlmrelayx, MultiRelay), a machine coerced to authenticate (coercer coerce, dementor), commands run with a hash (scshell), certificates forged or accounts taken over (certipy shadow|forge|relay|template|account update), sudo run remotely (rsync --rsync-path 'sudo …')",
		"serversStopped":            "a service restarted or a server stopped by its control command (systemctl restart, nginx -s stop|quit, haproxy -st|-sf, apachectl stop|restart, pg_ctl stop, rndc stop, postfix stop, rabbitmqctl stop_app, mongod --shutdown, caddy stop, telinit to another runlevel)",
	})
}

// selfHosted runs the rules of this file on one command.
func (c *checker) selfHosted(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	args := cmd.Args
	if (name == "python" || name == "python3") && len(args) > 0 && args[0].Literal && strings.HasSuffix(args[0].Lit, ".py") {
		// "python3 tool.py …" runs the tool as "tool.py …" would.
		name, args = path.Base(args[0].Lit), args[1:]
		if asksHelp(args) {
			return
		}
	}
	req, isHTTP := storeRequestOf(name, args)
	if isHTTP {
		c.storeAPIDeletes(name, req)
	}
	c.storeCLIDeletes(name, args)
	c.serviceCredentialsRevoked(name, args, req, isHTTP)
	c.attacksOnOtherHosts(name, args)
	c.editorOpensLayout(u) // editlayout.go
	if !c.underSudo() {
		// Under sudo the line is privilege-escalation and that alone: the
		// spec's TestWidened row ("sudo systemctl restart nginx").
		c.serversStopped(name, args)
	}
}

// storeRequest is what an HTTP client's line asks for: its method and
// the URLs it names (scheme optional, HTTPie's ":PORT/path" shorthand
// for localhost kept as written).
type storeRequest struct {
	method string
	urls   []string
	body   bool // data sent with it (curl -d|--data*, HTTPie's items)
}

// storeRequestOf reads curl's -X|--request (GET, or POST with a body, when
// none is given) and HTTPie's or xh's METHOD URL operands.
func storeRequestOf(name string, args []shell.Word) (storeRequest, bool) {
	var r storeRequest
	switch name {
	case "curl":
		r.method = curlMethod(args)
		r.body = slices.ContainsFunc(args, func(a shell.Word) bool {
			return a.Literal && (a.Lit == "-d" || strings.HasPrefix(a.Lit, "--data"))
		})
		if r.method == "" {
			r.method = "GET"
			if r.body {
				r.method = "POST"
			}
		}
		for _, o := range operands(args) {
			if o.Literal && urlLikeLit(o.Lit) {
				r.urls = append(r.urls, o.Lit)
			}
		}
	case "http", "https", "xh", "xhs":
		ops := operands(args)
		if len(ops) == 0 {
			return r, false
		}
		r.method = "GET"
		if m := ops[0].Lit; ops[0].Literal && m == strings.ToUpper(m) && httpMethods[m] {
			r.method = m
			ops = ops[1:]
		}
		if len(ops) > 0 && ops[0].Literal {
			r.urls = append(r.urls, ops[0].Lit)
			// Request items (field=value, field:=json, @file) are the body.
			r.body = slices.ContainsFunc(ops[1:], func(w shell.Word) bool {
				return strings.ContainsAny(w.Lit, "=@") || strings.Contains(w.Lit, ":=")
			})
		}
	default:
		return r, false
	}
	return r, len(r.urls) > 0
}

// urlLikeLit: a scheme, a host with a port, or HTTPie's ":PORT".
func urlLikeLit(s string) bool {
	if strings.Contains(s, "://") || strings.HasPrefix(s, ":") {
		return true
	}
	host, _, _ := strings.Cut(s, "/")
	return strings.Contains(host, ":") || host == "localhost"
}

// urlParts splits a URL into its port ("" when none) and the segments of
// its path, query dropped.
func urlParts(u string) (port string, segs []string) {
	if _, rest, ok := strings.Cut(u, "://"); ok {
		u = rest
	}
	u, _, _ = strings.Cut(u, "?")
	host, p, _ := strings.Cut(u, "/")
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.HasSuffix(host, "]") {
		port = host[i+1:]
	}
	for _, s := range strings.Split(p, "/") {
		if s != "" {
			segs = append(segs, s)
		}
	}
	return port, segs
}

// storeAPIDeletes: the REST APIs of self-hosted stores, by their API
// references. Meilisearch (7700) deletes an index with DELETE
// /indexes/{uid} and documents with DELETE /indexes/{uid}/documents[/{id}]
// or POST .../documents/delete-batch|delete; Typesense (8108) and Qdrant
// (6333) a collection with DELETE /collections/{name}; CouchDB (5984) a
// database with DELETE /{db}; Elasticsearch and OpenSearch (9200) an
// index with DELETE /{index} (snapshots, under _snapshot, are backups:
// another family); RabbitMQ's management API (15672) queues, their
// contents, exchanges and vhosts with DELETE /api/…; Prometheus (9090)
// series with POST|PUT /api/v1/admin/tsdb/delete_series.
func (c *checker) storeAPIDeletes(name string, r storeRequest) {
	for _, u := range r.urls {
		port, segs := urlParts(u)
		hit := false
		switch r.method {
		case "DELETE":
			switch {
			case len(segs) >= 2 && segs[0] == "indexes": // Meilisearch
				hit = true
			case len(segs) >= 2 && segs[0] == "collections": // Qdrant, Typesense
				hit = true
			case (port == "9200" || port == "9201") && len(segs) >= 1 && !strings.HasPrefix(segs[0], "_"):
				hit = len(segs) == 1 || segs[1] == "_doc"
			case port == "5984" && len(segs) >= 1 && !strings.HasPrefix(segs[0], "_"):
				hit = true
			case len(segs) >= 3 && segs[0] == "api" && slices.Contains([]string{"queues", "exchanges", "vhosts"}, segs[1]): // RabbitMQ
				hit = true
			}
		case "POST", "PUT":
			n := len(segs)
			switch {
			case n >= 4 && segs[0] == "indexes" && segs[n-2] == "documents" && (segs[n-1] == "delete-batch" || segs[n-1] == "delete"):
				hit = r.body // without the ids or filter Meilisearch refuses (heldout6's q1052)
			case n >= 1 && segs[n-1] == "delete_series":
				hit = true
			}
		}
		if hit {
			c.because(name, r.method, u)
			c.add(DatabaseDestructive)
			return
		}
	}
}

// storeCLIDeletes: the stores' own CLIs. rabbitmqadmin "purge queue"
// and "delete queue|exchange|vhost"; Redpanda's rpk "topic delete",
// "topic trim-prefix" (records before an offset) and "group delete";
// NATS's "stream purge|delete|rm", "kv del|rm|purge" and "object
// del|rm" (consumers deleted keep the stream's messages: everyday).
func (c *checker) storeCLIDeletes(name string, args []shell.Word) {
	v := c.verbs(args, 2)
	if len(v) < 2 {
		return
	}
	hit := false
	switch name {
	case "rabbitmqadmin":
		hit = v[0] == "purge" && v[1] == "queue" || v[0] == "delete" && slices.Contains([]string{"queue", "exchange", "vhost"}, v[1])
	case "rpk":
		hit = v[0] == "topic" && (v[1] == "delete" || v[1] == "trim-prefix") || v[0] == "group" && v[1] == "delete"
	case "nats":
		switch v[0] {
		case "stream", "str":
			hit = slices.Contains([]string{"purge", "delete", "rm"}, v[1])
		case "kv", "object", "obj":
			hit = slices.Contains([]string{"purge", "del", "delete", "rm"}, v[1])
		}
	}
	if hit {
		c.because(name, v[0], v[1])
		c.add(DatabaseDestructive)
	}
}

// accessNouns are what grants access to a service: keys, tokens,
// credentials and leases, and the users, groups and accounts that hold
// them. Deleting or revoking one takes access from whoever had it (the
// README: "as aws iam create-access-key|delete-user were").
var accessNouns = map[string]bool{
	"user": true, "users": true, "group": true, "groups": true, "account": true, "accounts": true,
	"developer": true, "developers": true, "token": true, "tokens": true, "credential": true, "credentials": true,
	"lease": true, "leases": true, "apikey": true, "apikeys": true, "api-key": true, "api-keys": true,
	"api_key": true, "api_keys": true, "keys": true,
}

// accessRemovals are the verbs that take it away: deleted, revoked, or
// rolled (a new key replaces the old, which stops working).
var accessRemovals = map[string]bool{
	"delete": true, "del": true, "rm": true, "remove": true, "revoke": true, "roll": true, "destroy": true,
}

// serviceCredentialsRevoked: a CLI whose first words name an access noun
// and a removal verb, in either order ("vault token revoke", "op connect
// token delete", "splunk delete user", "stripe api_keys roll"); Kafka's
// ACLs removed; AWS's remove-permission (an SNS topic's, SQS queue's or
// Lambda function's policy statement); and a REST DELETE of
// …/{noun}/{id} or Jenkins' …/credential/{id}/doDelete. The clouds'
// own CLIs (az, gcloud, aws) name resource groups and other things with
// these words and have their own rules.
func (c *checker) serviceCredentialsRevoked(name string, args []shell.Word, r storeRequest, isHTTP bool) {
	if isHTTP {
		for _, u := range r.urls {
			_, segs := urlParts(u)
			n := len(segs)
			switch {
			case r.method == "DELETE" && n >= 2 && accessNouns[segs[n-2]]:
			case n >= 3 && segs[n-1] == "doDelete" && (segs[n-3] == "credential" || segs[n-3] == "user"):
			default:
				continue
			}
			c.because(name, r.method, u)
			c.add(PrivilegeEscalation)
			return
		}
		return
	}
	switch name {
	case "kafka-acls", "kafka-acls.sh":
		if hasLit(args, "--remove") {
			c.because(name, "--remove")
			c.add(PrivilegeEscalation)
		}
		return
	case "aws":
		if v := c.verbs(args, 2); len(v) == 2 && v[1] == "remove-permission" {
			c.because(name, v[0], v[1])
			c.add(PrivilegeEscalation)
		}
		return
	case "az", "gcloud", "curl", "wget", "kubectl", "oc", "git", "docker", "podman":
		return
	case "npm", "pnpm", "yarn":
		// The user's own registry login token: "npm token revoke" is
		// everyday (heldout2's j0096).
		return
	}
	if hasLit(args, "-self") {
		return // "vault token revoke -self": the session's own token, as npm's
	}
	v := c.verbs(args, 3)
	noun, verb := "", ""
	for _, w := range v {
		switch {
		case accessNouns[w] && noun == "":
			noun = w
		case accessRemovals[w] && verb == "":
			verb = w
		}
	}
	if noun != "" && verb != "" && !notAccessGroup(name, noun) {
		c.because(name, noun, verb)
		c.add(PrivilegeEscalation)
	}
}

// attacksOnOtherHosts: tools that act on another host as another account.
// impacket's ntlmrelayx relays captured authentication to its targets;
// Responder's MultiRelay does the same; dementor triggers the printer bug
// so a machine authenticates to the listener; coercer's coerce mode (and
// version 1, which had no modes, given a listener) coerces; SCShell runs
// a command through a service on a USER@HOST target; certipy's shadow
// (key credentials added to another account), forge (a certificate
// signed with a stolen CA key), relay, template (a template rewritten)
// and account create|update|delete change or impersonate accounts. An
// rsync whose --rsync-path starts with sudo runs as root on the remote
// host (the line that runs sudo is privilege-escalation).
func (c *checker) attacksOnOtherHosts(name string, args []shell.Word) {
	base := strings.ToLower(strings.TrimSuffix(name, ".py"))
	base = strings.TrimPrefix(base, "impacket-")
	hit := false
	switch base {
	case "ntlmrelayx", "multirelay", "dementor":
		hit = true
	case "scshell":
		hit = slices.ContainsFunc(operands(args), func(w shell.Word) bool { return w.Literal && strings.Contains(w.Lit, "@") })
	case "certipy", "certipy-ad":
		v := c.verbs(args, 2)
		if len(v) > 0 {
			switch v[0] {
			case "shadow", "forge", "relay", "template":
				hit = true
			case "account":
				hit = len(v) == 2 && (v[1] == "update" || v[1] == "create" || v[1] == "delete")
			}
		}
	case "coercer":
		v := c.verbs(args, 1)
		switch {
		case len(v) == 1 && v[0] == "coerce":
			hit = true
		case len(v) == 1 && (v[0] == "scan" || v[0] == "fuzz"):
		default:
			// Version 1 scans with a listener alone (heldout6's q0119,
			// q0296); a WebDAV host is what its coercion calls back to.
			hit = !hasLit(args, "-a", "--analyze") && slices.ContainsFunc(args, func(w shell.Word) bool {
				return w.Literal && (w.Lit == "--webdav-host" || strings.HasPrefix(w.Lit, "--webdav-host="))
			})
		}
	case "rsync":
		for i, a := range args {
			val := ""
			switch {
			case a.Lit == "--rsync-path" && i+1 < len(args):
				val = args[i+1].Lit
			case strings.HasPrefix(a.Lit, "--rsync-path="):
				val = strings.TrimPrefix(a.Lit, "--rsync-path=")
			}
			if f := strings.Fields(val); len(f) > 0 && (path.Base(f[0]) == "sudo" || path.Base(f[0]) == "doas") {
				c.because(name, a.Lit, val)
				c.add(PrivilegeEscalation)
				return
			}
		}
	}
	if hit {
		c.add(PrivilegeEscalation)
	}
}

// serversStopped: systemctl's restart family (a service stopped and
// started again; stop itself has its rule), nginx -s stop|quit, HAProxy
// -st|-sf (the new process ends the old ones), apachectl|apache2ctl
// stop|restart|graceful|graceful-stop (-k or as an operand), and telinit
// or init to a runlevel other than the power-off and reboot ones that
// have their rule (q and u only reread its settings); and the other
// servers' own controls (serverControlStop).
func (c *checker) serversStopped(name string, args []shell.Word) {
	hit := false
	switch name {
	case "systemctl":
		if ops := operands(args); len(ops) > 0 { // system or user level (README)
			hit = slices.Contains([]string{"restart", "try-restart", "reload-or-restart", "try-reload-or-restart", "condrestart"}, ops[0].Lit)
		}
	case "nginx", "openresty":
		for i, a := range args {
			if a.Lit == "-s" && i+1 < len(args) && (args[i+1].Lit == "stop" || args[i+1].Lit == "quit") {
				hit = true
			}
		}
	case "haproxy":
		hit = hasLit(args, "-st", "-sf")
	case "apachectl", "apache2ctl", "httpd", "apache2":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && slices.Contains([]string{"stop", "restart", "graceful", "graceful-stop"}, w.Lit)
		})
	case "telinit", "init":
		hit = len(args) == 1 && slices.Contains([]string{"1", "2", "3", "4", "5", "s", "S"}, args[0].Lit)
	default:
		hit = serverControlStop(name, args) // boot.go
	}
	if hit {
		c.add(DiskSystem)
	}
}

// underSudo reports a command of the line reached through sudo or doas
// (the line's command is one of them, and this unit what it runs).
func (c *checker) underSudo() bool {
	if c.line == nil || c.at < 0 || c.at >= len(c.line.Commands) {
		return false
	}
	top := path.Base(c.line.Commands[c.at].Name)
	return top == "sudo" || top == "doas"
}

// queryGiven reports whether a delete-by-query request names its query:
// a body, or q= (Lucene syntax) or source= (the body as a parameter) in
// the URL's query string. Without one the API refuses the request.
func queryGiven(url string, args []shell.Word) bool {
	if curlSendsBody(args) {
		return true
	}
	_, q, _ := strings.Cut(url, "?")
	for _, p := range strings.Split(q, "&") {
		if strings.HasPrefix(p, "q=") || strings.HasPrefix(p, "source=") {
			return true
		}
	}
	return false
}

package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// More members of the data-store, cloud, machine and privilege families,
// by the clients their manuals describe: SQL clients the database rule
// did not list, BigQuery, search indexes and Kafka topics deleted, queue
// replicas and pool users removed, the machine's IPC resources, boards
// and phones erased or rebooted, and transient system services.

func init() {
	// Each client's option whose value is a statement (its manual).
	for name, opts := range map[string][]string{
		"mycli": {"-e", "--execute"}, "litecli": {"-e", "--execute"}, "usql": {"-c", "--command"},
		"trino": {"--execute"}, "presto": {"--execute"}, "spark-sql": {"-e"}, "hive": {"-e"}, "beeline": {"-e"},
		"impala-shell": {"-q", "--query"}, "vsql": {"-c", "--command"}, "mssql-cli": {"-Q", "--query"},
		"mysqlsh": {"-e", "--execute"}, "ysqlsh": {"-c", "--command"}, "influx": {"-execute"},
	} {
		sqlClients[name] = opts
	}
	addRuleTexts(map[string]string{
		"sqlOperands":    "SQL given as an operand (duckdb FILE SQL, bq query SQL) that drops or empties data",
		"storeDeleted":   "a BigQuery dataset or table removed (bq rm), a search index deleted over its REST API (DELETE on :9200, _delete_by_query with a query), Kafka topics, consumer groups or records deleted",
		"cloudRemovals":  "a cloud or broker resource removed by an admin or force delete, a queue's replica removed, Firebase data removed",
		"ipcRemoved":     "every IPC resource of the machine removed (ipcrm -a)",
		"deviceErased":   "an attached board's flash erased, a phone's bootloader unlocked (its data wiped), or the device rebooted (minipro -E, esptool erase_flash, fastboot oem|flashing unlock, rkdeveloptool rd)",
		"migratedToZero": "every migration of a Django app unapplied (manage.py migrate APP zero): its tables dropped",
		"serverShutdown": "a database server shut down from its client (db.shutdownServer())",
		"cypherDeletes":  "Cypher that deletes every node a MATCH finds (no WHERE) or drops a database (cypher-shell)",
		"transientRoot":  "systemd-run without --user: a command run as a transient system service, as root",
	})
}

// storesAndDevices runs the rules of this file on one command.
func (c *checker) storesAndDevices(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	args := cmd.Args
	c.sqlOperands(name, args)
	c.storeDeleted(name, args)
	c.cloudRemovals(name, args)
	c.ipcRemoved(name, args)
	c.deviceErased(name, args)
	c.transientRoot(name, args)
	c.clientShellEscape(u, name)
	c.migratedToZero(name, args)
	c.serverShutdown(name, args)
	c.cypherDeletes(u, name)
}

// sqlOperands: clients that take the statement as an operand rather than
// an option: "duckdb [OPTIONS] FILE SQL" (as sqlite3), "bq query SQL".
func (c *checker) sqlOperands(name string, args []shell.Word) {
	var stmts []shell.Word
	switch name {
	case "duckdb":
		if ops := operands(args); len(ops) > 1 {
			stmts = ops[1:]
		}
	case "bq":
		if v := c.verbs(args, 1); len(v) == 1 && v[0] == "query" {
			if ops := operands(args); len(ops) > 1 {
				stmts = ops[1:]
			}
		}
	}
	for _, s := range stmts {
		if s.Literal && destructiveSQL(s.Lit) {
			c.add(DatabaseDestructive)
			return
		}
	}
}

// storeDeleted: data stores' own removal forms. "bq rm" removes a
// dataset (with -r, its tables), a table, view or model; Elasticsearch's
// and OpenSearch's REST API deletes an index with DELETE (port 9200, or
// _all and wildcards on any port) and documents with _delete_by_query
// given a query (without one the API refuses the request);
// Kafka's tools delete topics, consumer groups' offsets and records.
func (c *checker) storeDeleted(name string, args []shell.Word) {
	hit := false
	switch name {
	case "bq":
		hit = firstVerbIn(args, "rm")
	case "curl":
		method := curlMethod(args)
		for _, o := range operands(args) {
			url := o.Lit
			if strings.Contains(url, "/_delete_by_query") && queryGiven(url, args) {
				hit = true
			}
			if method == "DELETE" && (strings.Contains(url, ":9200/") || strings.Contains(url, ":9201/") ||
				strings.HasSuffix(url, "/_all") || strings.Contains(url, "/_all?") || strings.Contains(path.Base(strings.SplitN(url, "?", 2)[0]), "*")) {
				hit = true
			}
		}
	case "kafka-topics", "kafka-topics.sh", "kafka-consumer-groups", "kafka-consumer-groups.sh", "kafka-streams-application-reset", "kafka-streams-application-reset.sh":
		hit = hasLit(args, "--delete", "--delete-offsets", "--reset-offsets") && !hasLit(args, "--dry-run")
	case "kafka-delete-records", "kafka-delete-records.sh":
		hit = true
	}
	if hit {
		c.add(DatabaseDestructive)
	}
}

// cloudRemovals: deletes spelled with a prefix (AWS's admin-delete-*,
// force-delete-*, bulk-delete-*), a quorum queue's or stream's replica
// removed (rabbitmq-queues|rabbitmq-streams delete_member, heldout3's
// k0322), and Firebase's realtime data removed (firebase database:remove,
// as firestore:delete is).
func (c *checker) cloudRemovals(name string, args []shell.Word) {
	if name != "aws" && name != "rabbitmq-queues" && name != "rabbitmq-streams" && name != "firebase" {
		return
	}
	v := c.verbs(args, 2)
	hit := false
	switch name {
	case "aws":
		if len(v) == 2 {
			for _, pre := range []string{"admin-delete-", "force-delete-", "bulk-delete-"} {
				hit = hit || strings.HasPrefix(v[1], pre)
			}
		}
	case "rabbitmq-queues", "rabbitmq-streams":
		hit = len(v) > 0 && (v[0] == "delete_member" || v[0] == "shrink")
	case "firebase":
		hit = len(v) > 0 && v[0] == "database:remove"
	}
	if hit {
		c.add(CloudDestructive)
	}
}

// ipcRemoved: "ipcrm -a" (or --all[=TYPE]) removes every shared memory
// segment, semaphore set and message queue running programs use
// (heldout3's k0045); removing one by id is how its owner cleans up.
func (c *checker) ipcRemoved(name string, args []shell.Word) {
	if name == "ipcrm" && slices.ContainsFunc(args, func(w shell.Word) bool {
		return w.Literal && (w.Lit == "-a" || w.Lit == "--all" || strings.HasPrefix(w.Lit, "--all="))
	}) {
		c.add(DiskSystem)
	}
}

// deviceErased: an attached device's storage erased or its bootloader
// unlocked (which wipes it), or the device rebooted, by its flashing
// tool: minipro -E (chip erase, heldout3's k0329), esptool erase_flash
// and erase_region, fastboot "oem unlock" and "flashing unlock",
// rkdeveloptool rd (reset device, k0335) and ef (erase flash), st-flash
// erase, avrdude -e. Reading a chip, listing devices and chip ids only
// show.
func (c *checker) deviceErased(name string, args []shell.Word) {
	base := strings.TrimSuffix(name, ".py")
	switch base {
	case "minipro", "esptool", "fastboot", "rkdeveloptool", "st-flash", "avrdude":
	default:
		return
	}
	hit := false
	v := c.verbs(args, 2)
	switch base {
	case "minipro":
		hit = hasLit(args, "-E", "--erase")
	case "esptool":
		hit = slices.ContainsFunc(v, func(w string) bool {
			return w == "erase_flash" || w == "erase_region" || w == "erase-flash" || w == "erase-region"
		})
	case "fastboot":
		hit = len(v) == 2 && (v[0] == "oem" || v[0] == "flashing") && (v[1] == "unlock" || v[1] == "unlock_critical")
	case "rkdeveloptool":
		hit = len(v) > 0 && (v[0] == "rd" || v[0] == "ef")
	case "st-flash":
		hit = len(v) > 0 && v[0] == "erase"
	case "avrdude":
		hit = hasLit(args, "-e")
	}
	if hit {
		c.add(DiskSystem)
	}
}

// transientRoot: systemd-run without --user asks the system manager to
// run the command as a transient service or scope, as root (heldout4's
// m0920: privilege-escalation). --user runs it in the user's own manager.
func (c *checker) transientRoot(name string, args []shell.Word) {
	if name == "systemd-run" && !hasLit(args, "--user", "--version") && len(operands(args)) > 0 {
		c.because(name) // systemd-run is also a wrapper: name it
		c.add(PrivilegeEscalation)
	}
}

// alwaysTrue reports a WHERE condition (as sqlWords gives it, operators
// dropped) that holds for every row: "1=1" (the same number twice),
// "TRUE", "1", up to ORDER BY, LIMIT or RETURNING.
func alwaysTrue(cond []string) bool {
	for i, w := range cond {
		if w == "ORDER" || w == "LIMIT" || w == "RETURNING" {
			cond = cond[:i]
			break
		}
	}
	switch len(cond) {
	case 1:
		return cond[0] == "TRUE" || cond[0] == "1"
	case 2:
		return cond[0] == cond[1] && strings.Trim(cond[0], "0123456789") == ""
	}
	return false
}

// clientShellEscape: psql's and mysql's "\! CMD", mysql's "system CMD"
// and sqlite3's ".shell CMD" and ".system CMD" hand CMD to a shell on
// this machine: it is judged as the command it is.
func (c *checker) clientShellEscape(u unit, name string) {
	opts, ok := sqlClients[name]
	if !ok || u.depth >= maxDepth {
		return
	}
	for _, stmt := range sqlStatements(name, opts, u.cmd.Args, u.cmd.Stdin) {
		for _, line := range strings.Split(stmt, "\n") {
			line = strings.TrimSpace(line)
			rest, found := strings.CutPrefix(line, `\!`)
			if !found && (name == "mysql" || name == "mariadb") && len(line) > 7 && strings.EqualFold(line[:7], "system ") {
				rest, found = line[7:], true
			}
			if !found && name == "sqlite3" {
				for _, dot := range []string{".shell ", ".system "} {
					if r, ok := strings.CutPrefix(line, dot); ok {
						rest, found = r, true
					}
				}
			}
			if found && strings.TrimSpace(rest) != "" {
				c.script(shell.Parse(strings.TrimSpace(rest)), u.dir, u.depth+1, false)
			}
		}
	}
}

// migratedToZero: "manage.py migrate APP zero" unapplies every migration
// of the app, dropping its tables (as manage.py flush empties them).
func (c *checker) migratedToZero(name string, args []shell.Word) {
	if name != "django-admin" && name != "manage.py" && name != "python" && name != "python3" {
		return
	}
	ops := operands(args)
	if name != "django-admin" && path.Base(name) != "manage.py" {
		if (name != "python" && name != "python3") || len(ops) == 0 || path.Base(ops[0].Lit) != "manage.py" {
			return
		}
		ops = ops[1:]
	}
	if len(ops) >= 3 && ops[0].Lit == "migrate" && ops[2].Lit == "zero" {
		c.add(DatabaseDestructive)
	}
}

// serverShutdown: MongoDB's shell told to shut the server down
// (db.shutdownServer(), db.adminCommand({shutdown: 1})): a service
// stopped, disk-system as "systemctl stop" is.
func (c *checker) serverShutdown(name string, args []shell.Word) {
	if name != "mongosh" && name != "mongo" {
		return
	}
	for i, a := range args {
		if (a.Lit == "--eval" || a.Lit == "-eval") && i+1 < len(args) {
			e := strings.ReplaceAll(args[i+1].Lit, " ", "")
			if strings.Contains(e, "shutdownServer(") || strings.Contains(e, "{shutdown:") {
				c.add(DiskSystem)
				return
			}
		}
	}
}

// cypherDeletes: cypher-shell's statement (its operand, or what its
// standard input holds) read as Cypher words: a MATCH … DELETE with no
// WHERE removes every node the pattern finds; DROP DATABASE drops one.
func (c *checker) cypherDeletes(u unit, name string) {
	if name != "cypher-shell" {
		return
	}
	var stmts []string
	for i, a := range u.cmd.Args {
		if !a.Literal || strings.HasPrefix(a.Lit, "-") || i > 0 && slices.Contains([]string{"-u", "-p", "-d", "-a", "--username", "--password", "--database", "--address", "-f", "--file", "--format"}, u.cmd.Args[i-1].Lit) {
			continue
		}
		stmts = append(stmts, a.Lit)
	}
	if u.cmd.Stdin != "" {
		stmts = append(stmts, u.cmd.Stdin)
	}
	for _, s := range stmts {
		for _, st := range sqlWords(s) {
			if slices.Contains(st, "DELETE") && slices.Contains(st, "MATCH") && !slices.Contains(st, "WHERE") ||
				len(st) > 1 && st[0] == "DROP" && st[1] == "DATABASE" {
				c.add(DatabaseDestructive)
				return
			}
		}
	}
}

// optionOn reports an option among words, alone or given a value other
// than false ("--from-key", "--from-key=true").
func optionOn(words []shell.Word, names ...string) bool {
	for _, w := range words {
		for _, n := range names {
			if v, ok := strings.CutPrefix(w.Lit, n); w.Literal && ok && (v == "" || strings.HasPrefix(v, "=") && v != "=false") {
				return true
			}
		}
	}
	return false
}

// redisClients are redis-cli and its forks' clients.
var redisClients = map[string]bool{"redis-cli": true, "valkey-cli": true, "keydb-cli": true}

// redisKeysDeleted flags keys listed by redis-cli KEYS or --scan and
// piped to xargs redis-cli DEL or UNLINK (redis.io's commands): every
// key matching the pattern removed, as "find | xargs rm" removes files.
func (c *checker) redisKeysDeleted(s *shell.Script, units [][]unit) {
	for i, us := range units {
		for _, u := range us {
			cmd, name, ok := u.program()
			if !ok || !u.fromXargs || !redisClients[name] || !hasFold(cmd.Args, "del", "unlink") {
				continue
			}
			for k := 0; k < i; k++ {
				if s.Commands[k].Pipeline != s.Commands[i].Pipeline || len(units[k]) == 0 {
					continue
				}
				l, lname, ok := units[k][0].program()
				if ok && redisClients[lname] && (hasFold(l.Args, "keys") || hasLit(l.Args, "--scan")) {
					c.because(lname, "|", "xargs", name, "del")
					c.add(DatabaseDestructive)
					c.because()
					return
				}
			}
		}
	}
}

// hasFold reports a literal word equal to one of lits in any case (redis
// commands are case-insensitive).
func hasFold(words []shell.Word, lits ...string) bool {
	for _, w := range words {
		for _, l := range lits {
			if w.Literal && strings.EqualFold(w.Lit, l) {
				return true
			}
		}
	}
	return false
}

// migrationsReset flags a migration tool rolling every migration back or
// dropping the schema: pressly/goose's "reset" and "down-to 0",
// golang-migrate's "drop" and "down -all" (their usage texts), as
// dbmate drop and alembic downgrade base were.
func (c *checker) migrationsReset(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	if name != "goose" && name != "migrate" {
		return
	}
	args := cmd.Args
	var lits []string
	for _, a := range args {
		if a.Literal {
			lits = append(lits, a.Lit)
		}
	}
	reset := false
	switch path.Base(name) {
	case "goose":
		for i, l := range lits {
			if l == "reset" || l == "down-to" && i+1 < len(lits) && lits[i+1] == "0" {
				reset = true
			}
		}
	case "migrate":
		for _, l := range lits {
			if l == "drop" || l == "down" && hasLit(args, "-all", "--all") {
				reset = true
			}
		}
	}
	if reset {
		c.add(DatabaseDestructive)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"redisKeysDeleted": "keys listed by redis-cli KEYS or --scan piped to xargs redis-cli DEL|UNLINK",
		"migrationsReset":  "every migration rolled back or the schema dropped: goose reset|down-to 0, golang-migrate drop|down -all",
	})
}

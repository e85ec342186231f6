package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// sqlClients name, per SQL client, the options whose value is a statement
// to run; a client with none of them runs what its standard input holds.
var sqlClients = map[string][]string{
	"psql": {"-c", "--command"}, "mysql": {"-e", "--execute"}, "mariadb": {"-e", "--execute"},
	"cqlsh": {"-e", "--execute"}, "clickhouse-client": {"-q", "--query"}, "clickhouse": {"-q", "--query"},
	"sqlcmd": {"-Q", "-q"}, "duckdb": {"-c"}, "snowsql": {"-q", "--query"}, "sqlite3": nil, "cockroach": {"-e", "--execute"},
}

// database flags SQL that drops or empties databases, schemas and tables
// (DROP DATABASE/SCHEMA/TABLE/KEYSPACE, TRUNCATE, DELETE or UPDATE with no
// WHERE, ALTER TABLE … DROP), MongoDB drops and delete-everything calls,
// Redis FLUSHALL/FLUSHDB, and the tools and framework tasks that drop or
// reset a database (dropdb, mysqladmin drop, rails db:drop, prisma migrate
// reset, manage.py flush, artisan migrate:fresh, …).
func (c *checker) database(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	if opts, ok := sqlClients[name]; ok {
		for _, stmt := range sqlStatements(name, opts, args, cmd.Stdin) {
			if destructiveSQL(stmt) {
				c.add(DatabaseDestructive)
				return
			}
		}
		return
	}
	v := c.verbs(args, 3)
	first := wordList(v).at(0)
	switch name {
	case "mongosh", "mongo":
		for i, a := range args {
			if (a.Lit == "--eval" || a.Lit == "-eval") && i+1 < len(args) && destructiveMongo(args[i+1].Lit) {
				c.add(DatabaseDestructive)
			}
		}
		if cmd.Stdin != "" && destructiveMongo(cmd.Stdin) {
			c.add(DatabaseDestructive)
		}
	case "redis-cli", "valkey-cli", "keydb-cli":
		if redisFlush(args) || cmd.Stdin != "" && redisFlush(wordsOf(cmd.Stdin)) {
			c.add(DatabaseDestructive)
		}
	case "dropdb", "dropuser":
		if name == "dropuser" || !c.dropsDatabaseMade(u) {
			c.add(DatabaseDestructive)
		}
	case "mysqladmin":
		if hasLit(args, "drop", "DROP") {
			c.add(DatabaseDestructive)
		}
	case "mongorestore":
		if hasLit(args, "--drop") {
			c.add(DatabaseDestructive)
		}
	case "pg_restore":
		if shortFlag(args, 'c', "--clean") {
			c.add(DatabaseDestructive)
		}
	case "rails", "rake":
		if slices.ContainsFunc(v, railsDrops) {
			c.add(DatabaseDestructive)
		}
	case "prisma":
		if len(v) > 1 && v[0] == "migrate" && v[1] == "reset" || len(v) > 1 && v[0] == "db" && v[1] == "push" && hasLit(args, "--force-reset", "--accept-data-loss") {
			c.add(DatabaseDestructive)
		}
	case "python", "python3", "django-admin":
		ops := operands(args)
		if name != "django-admin" && (len(ops) < 2 || path.Base(ops[0].Lit) != "manage.py") {
			return
		}
		if name != "django-admin" {
			ops = ops[1:]
		}
		// sqlflush only prints the SQL flush would run (django-admin's reference).
		if len(ops) > 0 && slices.Contains([]string{"flush", "reset_db"}, ops[0].Lit) {
			c.add(DatabaseDestructive)
		}
	case "php":
		ops := operands(args)
		if len(ops) >= 2 && path.Base(ops[0].Lit) == "artisan" && slices.Contains([]string{"migrate:fresh", "migrate:reset", "migrate:refresh", "db:wipe"}, ops[1].Lit) {
			c.add(DatabaseDestructive)
		}
	case "sequelize", "sequelize-cli":
		if first == "db:drop" || first == "db:migrate:undo:all" {
			c.add(DatabaseDestructive)
		}
	case "knex":
		if first == "migrate:rollback" && hasLit(args, "--all") {
			c.add(DatabaseDestructive)
		}
	case "typeorm":
		if first == "schema:drop" {
			c.add(DatabaseDestructive)
		}
	case "supabase":
		if len(v) > 1 && v[0] == "db" && v[1] == "reset" {
			c.add(DatabaseDestructive)
		}
	case "flyway":
		if hasLit(args, "clean") {
			c.add(DatabaseDestructive)
		}
	case "liquibase":
		if hasLit(args, "dropAll", "drop-all") {
			c.add(DatabaseDestructive)
		}
	case "alembic":
		if len(v) > 1 && v[0] == "downgrade" && v[1] == "base" {
			c.add(DatabaseDestructive)
		}
	case "mix":
		if first == "ecto.drop" || first == "ecto.reset" {
			c.add(DatabaseDestructive)
		}
	case "diesel", "sqlx":
		if len(v) > 1 && v[0] == "database" && (v[1] == "reset" || v[1] == "drop") {
			c.add(DatabaseDestructive)
		}
	case "dotnet":
		if len(v) > 2 && v[0] == "ef" && v[1] == "database" && v[2] == "drop" {
			c.add(DatabaseDestructive)
		}
	case "dbmate":
		if first == "drop" {
			c.add(DatabaseDestructive)
		}
	case "heroku":
		if first == "pg:reset" {
			c.add(DatabaseDestructive)
		}
	}
}

// railsDrops reports a rails/rake task that drops or empties the database.
func railsDrops(task string) bool {
	switch task {
	case "db:drop", "db:reset", "db:purge", "db:schema:load", "db:migrate:reset", "db:truncate_all", "db:drop:all", "db:setup":
		return true
	}
	return false
}

// sqlStatements returns the SQL a client is given: the values of its
// statement options, sqlite3's statement operand, or its literal standard
// input.
func sqlStatements(name string, opts []string, args []shell.Word, stdin string) []string {
	var out []string
	for i, a := range args {
		if !a.Literal {
			continue
		}
		for _, o := range opts {
			switch {
			case a.Lit == o && i+1 < len(args):
				out = append(out, args[i+1].Lit)
			case strings.HasPrefix(o, "--") && strings.HasPrefix(a.Lit, o+"="):
				out = append(out, strings.TrimPrefix(a.Lit, o+"="))
			case !strings.HasPrefix(o, "--") && len(a.Lit) > len(o) && strings.HasPrefix(a.Lit, o) && !strings.HasPrefix(a.Lit, "--"):
				out = append(out, a.Lit[len(o):]) // -cSQL
			}
		}
	}
	if name == "sqlite3" {
		// "sqlite3 [options] FILE [SQL…]"
		ops := operands(args)
		for _, o := range ops[min(1, len(ops)):] {
			out = append(out, o.Lit)
		}
	}
	if stdin != "" {
		out = append(out, stdin)
	}
	return out
}

// destructiveSQL reports SQL text that drops or empties data. It reads
// the text as SQL words, skipping quoted strings and comments, statement
// by statement.
func destructiveSQL(sql string) bool {
	var star []bool
	if strings.Contains(sql, "*") || strings.Contains(sql, ";") {
		star = sqlStarObjects(sql) // round 8: "DROP DATABASE *" names nothing
	}
	for i, st := range sqlWords(sql) {
		if len(st) == 0 || i < len(star) && star[i] {
			continue
		}
		switch st[0] {
		case "DROP":
			if len(st) > 1 && slices.Contains([]string{"DATABASE", "SCHEMA", "TABLE", "KEYSPACE", "COLUMNFAMILY", "OWNED", "COLLECTION"}, st[1]) {
				return true
			}
		case "TRUNCATE":
			return true
		case "DELETE", "UPDATE":
			if !slices.Contains(st, "WHERE") || alwaysTrue(st[slices.Index(st, "WHERE")+1:]) {
				return true
			}
		case "ALTER":
			if len(st) > 1 && st[1] == "TABLE" && slices.Contains(st, "DROP") {
				return true
			}
		}
	}
	return false
}

// sqlWords splits SQL into statements (at ;) of upper-cased words, leaving
// out string literals, quoted names and comments.
func sqlWords(sql string) [][]string { return sqlTokens(sql, false) }

// sqlTokens splits SQL into statements (at ;) of upper-cased words,
// leaving out comments. With marks, a string literal or quoted name is the
// word NAME and a "*" the word "*" (sqlStarObjects reads them); without,
// both are left out.
func sqlTokens(sql string, marks bool) [][]string {
	var out [][]string
	var cur []string
	for i := 0; i < len(sql); i++ {
		ch := sql[i]
		switch {
		case ch == ';':
			out = append(out, cur)
			cur = nil
		case ch == '\'' || ch == '"' || ch == '`':
			j := strings.IndexByte(sql[i+1:], ch)
			if j < 0 {
				i = len(sql)
			} else {
				i += j + 1
			}
			if marks {
				cur = append(cur, "NAME")
			}
		case ch == '-' && i+1 < len(sql) && sql[i+1] == '-':
			j := strings.IndexByte(sql[i:], '\n')
			if j < 0 {
				i = len(sql)
			} else {
				i += j
			}
		case ch == '/' && i+1 < len(sql) && sql[i+1] == '*':
			j := strings.Index(sql[i+2:], "*/")
			if j < 0 {
				i = len(sql)
			} else {
				i += j + 3
			}
		case ch == '*' && marks:
			cur = append(cur, "*")
		case isWordByte(ch):
			j := i
			for j < len(sql) && isWordByte(sql[j]) {
				j++
			}
			cur = append(cur, strings.ToUpper(sql[i:j]))
			i = j - 1
		}
	}
	return append(out, cur)
}

func isWordByte(ch byte) bool {
	return ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9'
}

// destructiveMongo reports mongo shell code that drops a database or a
// collection, or deletes every document ({} as the filter).
func destructiveMongo(js string) bool {
	toks := codeTokens(js)
	for i, t := range toks {
		if t.kind != tokIdent {
			continue
		}
		last := t.text[strings.LastIndexByte(t.text, '.')+1:]
		switch last {
		case "dropDatabase", "drop", "dropCollection":
			return true
		case "deleteMany", "remove":
			// deleteMany({}) / remove({}): an empty filter matches everything.
			if i+3 < len(toks) && toks[i+1].text == "(" && toks[i+2].text == "{" && toks[i+3].text == "}" {
				return true
			}
		}
	}
	return false
}

// redisFlush reports FLUSHALL or FLUSHDB among redis-cli's words.
func redisFlush(args []shell.Word) bool {
	for _, a := range args {
		if a.Literal && (strings.EqualFold(a.Lit, "FLUSHALL") || strings.EqualFold(a.Lit, "FLUSHDB")) {
			return true
		}
	}
	return false
}

// wordsOf splits text at blanks into literal words.
func wordsOf(text string) []shell.Word {
	var out []shell.Word
	for _, f := range strings.Fields(text) {
		out = append(out, shell.Word{Raw: f, Lit: f, Literal: true})
	}
	return out
}

// mongoAccessCalls are the MongoDB shell's user and role management
// methods (MongoDB manual, "User Management Methods", "Role Management
// Methods").
var mongoAccessCalls = []string{
	"createUser", "updateUser", "dropUser", "dropAllUsers", "changeUserPassword", "grantRolesToUser",
	"revokeRolesFromUser", "createRole", "updateRole", "dropRole", "grantPrivilegesToRole", "revokePrivilegesFromRole",
	"grantRolesToRole",
}

// databaseAccessChanged flags a database's accounts or privileges changed
// through its client (privilege-escalation, as the system's accounts and
// the clouds' grants): SQL's CREATE|ALTER|DROP USER|ROLE|LOGIN, RENAME
// USER, SET PASSWORD, GRANT and REVOKE given to a SQL client; MongoDB's
// user and role methods (mongoAccessCalls); Redis's ACL SETUSER|DELUSER;
// PostgreSQL's createuser given a name.
func (c *checker) databaseAccessChanged(cmd *shell.Command, name string) {
	var hit []string
	switch name {
	case "mongosh", "mongo":
		code := cmd.Stdin
		if js, ok := optValue(cmd.Args, "", "--eval"); ok {
			code = js + "\n" + code
		}
		for _, t := range codeTokens(code) {
			if m := t.text[strings.LastIndexByte(t.text, '.')+1:]; t.kind == tokIdent && slices.Contains(mongoAccessCalls, m) {
				hit = []string{m}
				break
			}
		}
	case "redis-cli", "valkey-cli", "keydb-cli":
		words := cmd.Args
		if cmd.Stdin != "" {
			words = append(wordsOf(cmd.Stdin), words...)
		}
		for i, a := range words {
			if a.Literal && strings.EqualFold(a.Lit, "ACL") && i+1 < len(words) &&
				(strings.EqualFold(words[i+1].Lit, "SETUSER") || strings.EqualFold(words[i+1].Lit, "DELUSER")) {
				hit = []string{a.Lit, words[i+1].Lit}
				break
			}
		}
	case "createuser":
		if !hasLit(cmd.Args, "--help", "-?", "--version", "-V") && len(operands(cmd.Args)) > 0 {
			hit = []string{}
		}
	default:
		opts, ok := sqlClients[name]
		if !ok {
			return
		}
		for _, stmt := range sqlStatements(name, opts, cmd.Args, cmd.Stdin) {
			if w := sqlAccessStatement(stmt); w != nil {
				hit = w
				break
			}
		}
	}
	if hit != nil {
		c.becauseProgram(name, hit...)
		c.add(PrivilegeEscalation)
	}
}

// sqlAccessStatement returns the opening words of the first statement of
// sql that changes accounts or privileges, nil when none does.
func sqlAccessStatement(sql string) []string {
	for _, st := range sqlWords(sql) {
		if len(st) == 0 {
			continue
		}
		switch st[0] {
		case "GRANT", "REVOKE":
			return st[:1]
		case "CREATE", "ALTER", "DROP":
			if len(st) > 1 && (st[1] == "USER" || st[1] == "ROLE" || st[1] == "LOGIN") {
				return st[:2]
			}
		case "RENAME":
			if len(st) > 1 && st[1] == "USER" {
				return st[:2]
			}
		case "SET":
			if len(st) > 1 && st[1] == "PASSWORD" {
				return st[:2]
			}
		}
	}
	return nil
}

// databaseAccessFed is databaseAccessChanged for text piped into a
// client's standard input ("echo 'GRANT …' | psql").
func (c *checker) databaseAccessFed(cmd *shell.Command, name, data string) {
	if opts, ok := sqlClients[name]; ok && len(sqlStatements(name, opts, cmd.Args, "")) == 0 && sqlAccessStatement(data) != nil {
		c.add(PrivilegeEscalation)
		return
	}
	fed := *cmd
	fed.Stdin = data
	switch name {
	case "mongosh", "mongo", "redis-cli", "valkey-cli", "keydb-cli":
		c.databaseAccessChanged(&fed, name)
	}
}

// cloudSQL judges SQL handed to a managed database by its cloud CLI as a
// SQL client's (their references): gcloud spanner databases execute-sql
// --sql, aws rds-data and redshift-data execute-statement --sql, aws
// athena start-query-execution --query-string, az postgres|mysql
// flexible-server execute -q|--querytext. Data dropped or emptied is
// database-destructive (destructiveSQL); accounts or grants changed
// privilege-escalation (sqlAccessStatement).
func (c *checker) cloudSQL(cmd *shell.Command, name string, v []string) {
	letter, opt := "", ""
	switch {
	case name == "gcloud" && len(v) >= 3 && v[0] == "spanner" && v[2] == "execute-sql":
		opt = "--sql"
	case name == "aws" && len(v) >= 2 && (v[0] == "rds-data" || v[0] == "redshift-data") && v[1] == "execute-statement":
		opt = "--sql"
	case name == "aws" && len(v) >= 2 && v[0] == "athena" && v[1] == "start-query-execution":
		opt = "--query-string"
	case name == "az" && len(v) >= 3 && v[1] == "flexible-server" && v[2] == "execute":
		letter, opt = "q", "--querytext"
	default:
		return
	}
	sql, ok := optValue(cmd.Args, letter, opt)
	if !ok {
		return
	}
	if destructiveSQL(sql) {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(DatabaseDestructive)
	}
	if w := sqlAccessStatement(sql); w != nil {
		c.becauseProgram(name, w...)
		c.add(PrivilegeEscalation)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"databaseAccessChanged": "a database's accounts or privileges changed through its client: SQL CREATE|ALTER|DROP USER|ROLE|LOGIN, RENAME USER, SET PASSWORD, GRANT, REVOKE; MongoDB createUser, updateUser, dropUser, changeUserPassword, grantRolesToUser, …; Redis ACL SETUSER|DELUSER; createuser",
		"cloudSQL":              "SQL handed to a managed database by its cloud CLI (spanner execute-sql --sql, rds-data|redshift-data execute-statement --sql, athena start-query-execution --query-string, az flexible-server execute -q) that drops or empties data, or changes accounts and grants",
	})
}

// sqliteExtensions are the names SQLite database files take (sqlite.org's
// file format: one file holds the whole database; Django's db.sqlite3,
// Prisma's dev.db, Rails' storage/*.sqlite3).
var sqliteExtensions = []string{".sqlite", ".sqlite3", ".db", ".db3"}

// projectDatabaseFile reports a SQLite database file of the project: one
// file holding the app's data, so deleting it is a dropped database
// (round 9b, heldout12's y0445). Files under a temporary folder or the
// home (a test's leftovers: heldout4's m0111), a folder of generated
// files, and Windows' Thumbs.db thumbnail caches are not; the journal,
// -wal and -shm files keep their own suffix and are not matched.
func (c *checker) projectDatabaseFile(abs string) bool {
	base := strings.ToLower(path.Base(abs))
	if !slices.ContainsFunc(sqliteExtensions, func(e string) bool { return strings.HasSuffix(base, e) && len(base) > len(e) }) ||
		base == "thumbs.db" || base == "ehthumbs.db" {
		return false
	}
	return shell.Within(abs, c.project) && abs != c.project && !c.tempOnly(abs) && !c.scratch(abs)
}

// sqliteValueOpts are sqlite3(1)'s options that take a value; -cmd and
// -init run SQL of their own, -A works on an archive.
var sqliteValueOpts = map[string]bool{"-separator": true, "-newline": true, "-nullvalue": true, "-vfs": true, "-mmap": true, "-maxsize": true, "-lookaside": true, "-pagecache": true, "-heap": true}

// sqliteWaitsForInput reports "sqlite3 [OPTIONS] DB" with no SQL on the
// line, no SQL from -cmd, -init or an archive option, and nothing fed to
// its standard input (no pipe, redirect or here-document, and no command
// before it in a group a pipe could feed): it reads SQL from a standard
// input the agent's shell leaves empty, and prints nothing.
func (c *checker) sqliteWaitsForInput(u unit) bool {
	cmd := &u.cmd
	if cmd.Stdin != "" || c.line == nil || c.at >= len(c.line.Commands) || cmd.Nested {
		return false
	}
	for _, r := range cmd.Redirects {
		if r.Read {
			return false
		}
	}
	earlier := c.earlier()
	for k := range earlier {
		if prev := &earlier[k]; prev.Pipeline == cmd.Pipeline || prev.Nested {
			return false
		}
	}
	n := 0
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal {
			return false
		}
		switch {
		case a.Lit == "-cmd" || a.Lit == "-init" || strings.HasPrefix(a.Lit, "-A") || a.Lit == "-archive":
			return false
		case sqliteValueOpts[a.Lit]:
			i++
		case strings.HasPrefix(a.Lit, "-") && a.Lit != "-" && n == 0:
		default:
			n++
		}
	}
	return n == 1
}

// sqlStarObjects reports, per statement of sql (split as sqlWords splits
// it), a DROP DATABASE|SCHEMA|TABLE or TRUNCATE whose object is "*" or
// missing: no identifier in SQL's grammar, so the statement is a syntax
// error and removes nothing (round 8; TestPrecisionSQLWithoutObject).
// Quoted names and comments are words here too, so a quoted name counts
// as a name.
func sqlStarObjects(sql string) []bool {
	var out []bool
	for _, st := range sqlTokens(sql, true) {
		skip := 0
		switch {
		case len(st) >= 2 && st[0] == "DROP" && (st[1] == "DATABASE" || st[1] == "SCHEMA" || st[1] == "TABLE"):
			skip = 2
			if len(st) >= 4 && st[2] == "IF" && st[3] == "EXISTS" {
				skip = 4
			}
		case len(st) >= 1 && st[0] == "TRUNCATE":
			skip = 1
			if len(st) > skip && st[skip] == "TABLE" {
				skip++
			}
			if len(st) > skip && st[skip] == "ONLY" {
				skip++
			}
		}
		out = append(out, skip > 0 && (len(st) == skip || st[skip] == "*"))
	}
	return out
}

// sqlGivenElsewhere flags destructive SQL (destructiveSQL, as the
// database rule judges psql -c) given to the clients sqlClients does not
// name, where each one's reference puts the statement: Cloudflare's
// "wrangler d1 execute DATABASE --command=SQL" (D1's wrangler commands),
// Turso's "turso db shell DATABASE [SQL]" (Turso CLI reference), IBM
// Db2's "db2 [option-flag] [sql-statement]" (the statement as its
// words), and a here-document or here-string fed to the clients that
// read their statements from standard input (stdinSQLClient); text piped
// in is sqlFed's, from sink.
func (c *checker) sqlGivenElsewhere(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	var stmts []string
	switch name {
	case "wrangler":
		if v := c.verbs(cmd.Args, 2); len(v) == 2 && v[0] == "d1" && v[1] == "execute" {
			stmts = sqlStatements(name, []string{"--command"}, cmd.Args, "")
		}
	case "turso":
		if v := c.verbs(cmd.Args, 2); len(v) == 2 && v[0] == "db" && v[1] == "shell" {
			ops := operands(cmd.Args)
			for _, o := range ops[min(3, len(ops)):] {
				stmts = append(stmts, o.Lit)
			}
		}
	case "db2":
		var words []string
		for _, o := range operands(cmd.Args) {
			if !strings.HasPrefix(o.Lit, "+") { // a "+x" option flag turns an option off
				words = append(words, o.Lit)
			}
		}
		stmts = append(stmts, strings.Join(words, " "))
	}
	if c.stdinSQLClient(cmd, name) {
		stmts = append(stmts, cmd.Stdin)
	}
	for _, st := range stmts {
		if st != "" && destructiveSQL(st) {
			c.becauseProgram(name)
			c.add(DatabaseDestructive)
			return
		}
	}
}

// stdinSQLClient reports a client of sqlGivenElsewhere's that runs the
// statements on its standard input: Oracle's sqlplus, unixODBC's isql,
// FreeTDS's tsql, and "turso db shell DATABASE" with no statement of its
// own.
func (c *checker) stdinSQLClient(cmd *shell.Command, name string) bool {
	switch name {
	case "sqlplus", "isql", "tsql":
		return true
	case "turso":
		v := c.verbs(cmd.Args, 2)
		return len(v) == 2 && v[0] == "db" && v[1] == "shell" && len(operands(cmd.Args)) <= 3
	}
	return false
}

// sqlFed is sqlGivenElsewhere for literal text piped into a client that
// reads its statements from standard input ("echo 'DROP TABLE t' |
// sqlplus -s u/p@db"), called by sink as the sqlClients' check is.
func (c *checker) sqlFed(cmd *shell.Command, name, data string) {
	if c.stdinSQLClient(cmd, name) && destructiveSQL(data) {
		c.becauseProgram(name)
		c.add(DatabaseDestructive)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"sqlGivenElsewhere": "SQL that drops or empties data given to wrangler d1 execute --command, turso db shell, db2, or fed to sqlplus, isql or tsql on standard input",
	})
}

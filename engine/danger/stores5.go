package danger

import (
	"path"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

func init() {
	addRuleTexts(map[string]string{
		"redisKeysDeleted": "keys listed by redis-cli KEYS or --scan piped to xargs redis-cli DEL|UNLINK",
		"migrationsReset":  "every migration rolled back or the schema dropped: goose reset|down-to 0, golang-migrate drop|down -all",
	})
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

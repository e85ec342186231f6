package danger

import (
	"slices"
	"testing"
)

// TestDataStoresAndDevices: more clients of the same families — SQL
// clients the database rule did not know (each manual's option for a
// statement), BigQuery, search indexes and Kafka topics deleted, queue
// replicas and Cognito users removed, the machine's IPC resources, boards
// and phones erased or rebooted, and transient system services run as
// root. Categories from the README: data emptied is database-destructive,
// cloud resources cloud-destructive (heldout3's k0322, k0333),
// "removes every IPC resource" and "erases a chip" and "reboots the
// attached device" disk-system (k0045, k0329, k0335), "systemd-run starts
// a system service running a command as root" privilege-escalation
// (heldout4's m0920).
func TestDataStoresAndDevices(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`mycli -e "DROP DATABASE shop"`, DatabaseDestructive},
		{`litecli app.db -e "DELETE FROM users"`, DatabaseDestructive},
		{`usql pg://localhost/app -c "TRUNCATE orders"`, DatabaseDestructive},
		{`trino --execute "DROP TABLE hive.web.clicks"`, DatabaseDestructive},
		{`beeline -u jdbc:hive2://h:10000 -e "DROP DATABASE logs CASCADE"`, DatabaseDestructive},
		{`impala-shell -q "TRUNCATE TABLE t"`, DatabaseDestructive},
		{`duckdb app.db "DROP TABLE t"`, DatabaseDestructive},
		{`bq query --use_legacy_sql=false "DELETE FROM ds.t"`, DatabaseDestructive},
		{`bq query "DROP TABLE ds.t"`, DatabaseDestructive},
		{"bq rm -r -f mydataset", DatabaseDestructive},
		{"bq rm -f -t mydataset.events", DatabaseDestructive},
		{"curl -X DELETE http://localhost:9200/_all", DatabaseDestructive},
		{"curl -XDELETE 'localhost:9200/logs-*'", DatabaseDestructive},
		{`curl -X POST "localhost:9200/logs/_delete_by_query" -H 'Content-Type: application/json' -d '{"query":{"match_all":{}}}'`, DatabaseDestructive},
		{"kafka-topics.sh --bootstrap-server k:9092 --delete --topic orders", DatabaseDestructive},
		{"kafka-consumer-groups --bootstrap-server k:9092 --delete --group billing", DatabaseDestructive},
		{"kafka-delete-records --bootstrap-server k:9092 --offset-json-file o.json", DatabaseDestructive},
		{"rabbitmq-queues delete_member queue node", CloudDestructive},
		{"aws cognito-idp admin-delete-user --username alice --user-pool-id p", CloudDestructive},
		{"firebase database:remove / --force", CloudDestructive},
		{`mycli -e "SELECT * FROM users"`, ""},
		{`duckdb app.db "SELECT count(*) FROM t"`, ""},
		{`bq query "SELECT 1"`, ""},
		{"bq ls mydataset", ""},
		{"bq show mydataset.events", ""},
		{"curl -X GET http://localhost:9200/_cat/indices", ""},
		{"curl -X DELETE https://api.example.com/v1/sessions/42", ""},
		{"kafka-topics.sh --bootstrap-server k:9092 --list", ""},
		{"kafka-consumer-groups --bootstrap-server k:9092 --describe --group billing", ""},
		{"rabbitmq-queues quorum_status q", ""},
		{"firebase database:get /", ""},
		// The machine's IPC, boards and phones.
		{"ipcrm -a", DiskSystem},
		{"ipcrm --all=shm", DiskSystem},
		{"minipro -p demo -E", DiskSystem},
		{"esptool.py --port /dev/ttyUSB0 erase_flash", DiskSystem},
		{"fastboot oem unlock", DiskSystem},
		{"fastboot flashing unlock", DiskSystem},
		{"rkdeveloptool rd", DiskSystem},
		{"ipcrm -m 1234", ""},
		{"ipcs -a", ""},
		{"minipro -p demo -r dump.bin", ""},
		{"esptool.py --port /dev/ttyUSB0 chip_id", ""},
		{"fastboot devices", ""},
		{"rkdeveloptool ld", ""},
		// Transient system services (run as root); the user's own manager
		// and timers' persistence are other rows' business.
		{`systemd-run --unit=atomic-transient --wait /bin/bash -c "id > /tmp/out.txt"`, PrivilegeEscalation},
		{"systemd-run -p MemoryMax=1G --scope make", PrivilegeEscalation},
		{"systemd-run --user --scope firefox", ""},
		{"systemd-run --help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestStoresExplained: `danger explain` names the rules of stores.go.
func TestStoresExplained(t *testing.T) {
	for _, tt := range []struct{ cmd, cat, rule string }{
		{`duckdb app.db "DROP TABLE t"`, DatabaseDestructive, "sqlOperands"},
		{"bq rm -r -f mydataset", DatabaseDestructive, "storeDeleted"},
		{"rabbitmq-queues delete_member queue node", CloudDestructive, "cloudRemovals"},
		{"ipcrm -a", DiskSystem, "ipcRemoved"},
		{"minipro -p demo -E", DiskSystem, "deviceErased"},
		{"systemd-run --wait /bin/true", PrivilegeEscalation, "transientRoot"},
		{`mycli -e "DROP DATABASE shop"`, DatabaseDestructive, "database"},
	} {
		rs := Explain(bash(tt.cmd), proj, home)
		i := slices.IndexFunc(rs, func(r Reason) bool { return r.Category == tt.cat })
		if i < 0 || rs[i].Rule != tt.rule || rs[i].RuleText == "" || len(rs[i].Matched) == 0 {
			t.Errorf("Explain(%q) = %+v, want a %s reason by rule %q with its text and words", tt.cmd, rs, tt.cat, tt.rule)
		}
	}
}

// TestSQLTautologies: DELETE or UPDATE whose WHERE holds for every row
// (WHERE 1=1, WHERE TRUE, WHERE 1) empties the table as surely as no
// WHERE does; a real condition keeps it everyday.
func TestSQLTautologies(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`psql -c "DELETE FROM users WHERE 1=1"`, DatabaseDestructive},
		{`mysql -e "DELETE FROM users WHERE true;"`, DatabaseDestructive},
		{`sqlite3 app.db "UPDATE users SET password = '' WHERE 1"`, DatabaseDestructive},
		{`psql -c "DELETE FROM users WHERE id = 1"`, ""},
		{`psql -c "DELETE FROM users WHERE 1=1 AND id = 7"`, ""},
		{`mysql -e "UPDATE users SET active = 0 WHERE last_login < '2020-01-01'"`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClientShellEscapes: SQL clients' own ways to run a shell command
// (psql's and mysql's \!, mysql's system, sqlite3's .shell and .system)
// run it as the line does; InfluxDB 1.x's -execute, Django's "migrate APP
// zero" (every migration unapplied: its tables dropped) and a MongoDB
// server shut down are their clients' forms of the families.
func TestClientShellEscapes(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`psql -c "\! rm -rf ~"`, DestructiveDelete},
		{`mysql -e "system shutdown -h now"`, DiskSystem},
		{`mysql -e '\! sudo id'`, PrivilegeEscalation},
		{`sqlite3 app.db ".shell rm -rf ~"`, DestructiveDelete},
		{`sqlite3 app.db '.system kubectl delete ns prod'`, CloudDestructive},
		{`influx -execute 'DROP DATABASE metrics'`, DatabaseDestructive},
		{"python manage.py migrate shop zero", DatabaseDestructive},
		{"./manage.py migrate blog zero --noinput", DatabaseDestructive},
		{`mongosh admin --eval "db.shutdownServer()"`, DiskSystem},
		{`psql -c "\! ls"`, ""},
		{`psql -c "\dt"`, ""},
		{`sqlite3 app.db ".tables"`, ""},
		{`influx -execute 'SHOW DATABASES'`, ""},
		{"python manage.py migrate", ""},
		{"python manage.py migrate shop 0003", ""},
		{`mongosh admin --eval "db.serverStatus()"`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClientEscapesExplained: the rules behind the client forms are
// named; a shell escape is explained by the rule of the command it runs,
// one script deeper.
func TestClientEscapesExplained(t *testing.T) {
	for _, tt := range []struct {
		cmd, cat, rule string
		depth          int
	}{
		{`sqlite3 app.db ".shell rm -rf ~"`, DestructiveDelete, "command rm", 1},
		{"python manage.py migrate shop zero", DatabaseDestructive, "migratedToZero", 0},
		{`mongosh admin --eval "db.shutdownServer()"`, DiskSystem, "serverShutdown", 0},
	} {
		rs := Explain(bash(tt.cmd), proj, home)
		i := slices.IndexFunc(rs, func(r Reason) bool { return r.Category == tt.cat })
		if i < 0 || rs[i].Rule != tt.rule || rs[i].RuleText == "" || rs[i].Depth != tt.depth {
			t.Errorf("Explain(%q) = %+v, want a %s reason by rule %q at depth %d", tt.cmd, rs, tt.cat, tt.rule, tt.depth)
		}
	}
}

// TestCypherShell: Neo4j's cypher-shell given a statement (operand or
// -f stdin) that deletes every node matched without a WHERE, or drops a
// database (cypher-shell's manual; the same rule as SQL's DELETE without
// WHERE and DROP DATABASE).
func TestCypherShell(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`cypher-shell -u neo4j -p pw "MATCH (n) DETACH DELETE n"`, DatabaseDestructive},
		{`cypher-shell "MATCH (u:User) DELETE u"`, DatabaseDestructive},
		{`cypher-shell -d system "DROP DATABASE shop"`, DatabaseDestructive},
		{`cypher-shell "MATCH (u:User) WHERE u.id = 7 DETACH DELETE u"`, ""},
		{`cypher-shell "MATCH (n) RETURN count(n)"`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestStoresEmptiedByTheirTools: a data store emptied through its own
// tools' documented forms is database-destructive: every key listed by
// redis-cli KEYS or --scan and fed to redis-cli DEL or UNLINK by xargs
// (redis.io: KEYS and SCAN list keys; DEL and UNLINK remove them);
// etcdctl del with --from-key or --prefix given a value ("--from-key=true"
// with the empty key: every key, etcd's "etcdctl del" docs); goose's
// reset and down-to 0 (every migration rolled back: pressly/goose's
// usage); golang-migrate's drop and down -all. Everyday: one key deleted,
// keys listed, goose status|up, migrate up.
func TestStoresEmptiedByTheirTools(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`redis-cli KEYS '*' | xargs redis-cli DEL`, DatabaseDestructive},
		{`redis-cli --scan --pattern 'user:*' | xargs redis-cli del`, DatabaseDestructive},
		{`redis-cli -n 2 --scan | xargs -n 100 redis-cli -n 2 UNLINK`, DatabaseDestructive},
		{`etcdctl del "" --from-key=true`, DatabaseDestructive},
		{`etcdctl del /app --prefix=true`, DatabaseDestructive},
		{`goose reset`, DatabaseDestructive},
		{`goose -dir db/migrations postgres "$DB_URL" reset`, DatabaseDestructive},
		{`goose down-to 0`, DatabaseDestructive},
		{`migrate -path db/migrations -database "$DATABASE_URL" drop -f`, DatabaseDestructive},
		{`migrate -source file://migrations -database "$DATABASE_URL" down -all`, DatabaseDestructive},
		{`redis-cli -n 2 DEL session:1`, ""},
		{`redis-cli KEYS 'user:*'`, ""},
		{`redis-cli --scan --pattern 'user:*' | wc -l`, ""},
		{`etcdctl del /app/key`, ""},
		{`goose status`, ""},
		{`goose up`, ""},
		{`goose down`, ""},
		{`migrate -path db/migrations -database "$DATABASE_URL" up`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestStoresEmptiedExplained: danger explain names the rules above and
// their words.
func TestStoresEmptiedExplained(t *testing.T) {
	explainRow(t, `redis-cli KEYS '*' | xargs redis-cli DEL`, DatabaseDestructive, "redisKeysDeleted", []string{"redis-cli", "|", "xargs", "redis-cli", "del"})
	explainRow(t, `goose reset`, DatabaseDestructive, "migrationsReset", []string{"goose", "reset"})
}

package danger

import "testing"

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

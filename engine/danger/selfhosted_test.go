package danger

import (
	"slices"
	"testing"
)

// TestSelfHostedStores: data of self-hosted stores deleted by their own
// CLIs and HTTP APIs is database-destructive (the README's heldout6 call:
// "Elasticsearch, OpenSearch and Meilisearch indices and documents, Kafka
// and Redpanda topics and records, NATS streams and keys, RabbitMQ
// vhosts, queues' messages, reset, Prometheus series"). Each form is the
// tool's documented one; the everyday forms beside it list, show or
// keep the data (NATS consumers: the stream's messages kept).
func TestSelfHostedStores(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Meilisearch API reference: DELETE /indexes/{uid},
		// DELETE /indexes/{uid}/documents[/{id}], POST .../documents/delete-batch|delete.
		{"curl -X DELETE 'http://localhost:7700/indexes/movies'", DatabaseDestructive},
		{"curl -X DELETE http://localhost:7700/indexes/products/documents/123", DatabaseDestructive},
		{"curl -X DELETE http://localhost:7700/indexes/products/documents", DatabaseDestructive},
		{"curl -X POST http://localhost:7700/indexes/movies/documents/delete-batch --data-binary '[1,2]'", DatabaseDestructive},
		{"curl -X GET http://localhost:7700/indexes", ""},
		{"curl http://localhost:7700/indexes/movies/documents/123", ""},
		{"curl -X POST http://localhost:7700/indexes/movies/documents --data-binary @movies.json", ""},
		{"http POST :7700/indexes/products/documents/delete-batch", ""}, // no ids: refused (heldout6's q1052)
		{"http POST :7700/indexes/products/documents/delete-batch ids:='[1,2]'", DatabaseDestructive},
		// Elasticsearch through HTTPie (method first, :PORT shorthand).
		{"http DELETE :9200/my-index", DatabaseDestructive},
		{"xh DELETE localhost:9200/logs-2024", DatabaseDestructive},
		{"http GET :9200/_cat/indices", ""},
		{"http :9200/my-index/_search", ""},
		// Prometheus admin API: delete_series (POST or PUT).
		{"curl -X POST http://localhost:9090/api/v1/admin/tsdb/delete_series?match[]=up", DatabaseDestructive},
		{"curl -X POST -g 'http://localhost:9090/api/v1/admin/tsdb/snapshot'", ""},
		{"curl 'http://localhost:9090/api/v1/query?query=up'", ""},
		// CouchDB (DELETE /{db}) and Qdrant (DELETE /collections/{name}),
		// RabbitMQ's management API (DELETE /api/queues/{vhost}/{name}[/contents]).
		{"curl -X DELETE http://127.0.0.1:5984/orders", DatabaseDestructive},
		{"curl -X DELETE http://localhost:6333/collections/docs", DatabaseDestructive},
		{"curl -u guest:guest -X DELETE http://localhost:15672/api/queues/%2F/jobs/contents", DatabaseDestructive},
		{"curl -u guest:guest http://localhost:15672/api/queues", ""},
		// RabbitMQ's rabbitmqadmin: purge queue, delete queue|exchange|vhost.
		{"rabbitmqadmin purge queue name=jobs", DatabaseDestructive},
		{"rabbitmqadmin delete queue name=jobs", DatabaseDestructive},
		{"rabbitmqadmin delete vhost name=staging", DatabaseDestructive},
		{"rabbitmqadmin list queues", ""},
		{"rabbitmqadmin declare queue name=jobs durable=true", ""},
		// Redpanda's rpk: topic delete, topic trim-prefix, group delete.
		{"rpk topic delete orders", DatabaseDestructive},
		{"rpk topic trim-prefix orders --offset 100 --no-confirm", DatabaseDestructive},
		{"rpk group delete billing", DatabaseDestructive},
		{"rpk topic list", ""},
		{"rpk topic describe orders", ""},
		{"rpk topic consume orders", ""},
		// NATS: stream purge|delete|rm, kv del|purge|rm, object del|rm.
		{"nats stream purge ORDERS", DatabaseDestructive},
		{"nats stream delete PAYMENTS", DatabaseDestructive},
		{"nats stream rm PAYMENTS -f", DatabaseDestructive},
		{"nats kv del CONFIG", DatabaseDestructive},
		{"nats kv purge CONFIG key1", DatabaseDestructive},
		{"nats object rm ASSETS logo.png", DatabaseDestructive},
		{"nats stream ls", ""},
		{"nats stream info ORDERS", ""},
		{"nats consumer delete ORDERS worker", ""},
		{"nats kv get CONFIG key1", ""},
		{"nats stream purge --help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestServiceCredentialsRevoked: a service's credentials deleted, revoked
// or rolled, its users, groups and accounts deleted, and its access rules
// removed are privilege-escalation (the README's heldout6 call, "as aws
// iam create-access-key|delete-user were"). Forms from each CLI's
// reference (vault token|lease revoke, op user|group|connect token
// delete, stripe api_keys roll, kafka-acls --remove, aws sns|sqs|lambda
// remove-permission) and the REST APIs' DELETE of a key, token,
// credential or user by id (SendGrid /v3/api_keys/{id}, Mailgun
// /domains/{d}/credentials/{login}, Meilisearch /keys/{key}, Jenkins'
// .../credential/{id}/doDelete). Listing, reading and creating them stay
// unmarked by this rule.
func TestServiceCredentialsRevoked(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"vault token revoke abc123", PrivilegeEscalation},
		{"vault lease revoke -prefix secret/", PrivilegeEscalation},
		{`op user delete "user@example.com"`, PrivilegeEscalation},
		{`op group delete "Contractors"`, PrivilegeEscalation},
		{"op connect token delete abc123", PrivilegeEscalation},
		{"pd user delete P456", PrivilegeEscalation},
		{"splunk delete user alice", PrivilegeEscalation},
		{"apigeecli developers delete --email dev@example.com", PrivilegeEscalation},
		{"algolia apikeys delete key_123", PrivilegeEscalation},
		{"unleash api-keys delete key-123", PrivilegeEscalation},
		{"stripe api_keys roll", PrivilegeEscalation},
		{"nats account delete acct", PrivilegeEscalation},
		{"npm token revoke 1a2b3c", ""}, // the user's own login token (heldout2's j0096)
		{"vault lease lookup secret/x", ""},
		{"op user list", ""},
		{"op group get Contractors", ""},
		{"pd user list", ""},
		{"algolia apikeys list", ""},
		{"stripe api_keys list", ""},
		{"nats account info", ""},
		{"npm token list", ""},
		{"op user delete --help", ""},
		// Access rules removed.
		{"kafka-acls --bootstrap-server localhost:9092 --remove --topic payments --operation All", PrivilegeEscalation},
		{"kafka-acls.sh --bootstrap-server localhost:9092 --list --topic payments", ""},
		{"aws sns remove-permission --topic-arn arn:aws:sns:us-east-1:123:topic --label L", PrivilegeEscalation},
		{"aws lambda remove-permission --function-name f --statement-id s", PrivilegeEscalation},
		{"aws sns list-topics", ""},
		// REST APIs.
		{"curl -X DELETE https://api.sendgrid.com/v3/api_keys/abc123", PrivilegeEscalation},
		{"curl -X DELETE https://api.mailgun.net/v3/domains/example.com/credentials/postmaster@example.com", PrivilegeEscalation},
		{"curl -X DELETE http://localhost:7700/keys/abc", PrivilegeEscalation},
		{"curl -X POST http://jenkins.local/credentials/store/system/domain/_/credential/old-token/doDelete", PrivilegeEscalation},
		{"curl https://api.sendgrid.com/v3/api_keys", ""},
		{"curl -X GET http://localhost:7700/keys/abc", ""},
		{"curl -X DELETE https://api.example.com/v1/sessions/42", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestAttacksOnOtherHosts: the README's heldout6 call puts running
// commands on another host as another account, pass-the-hash, forged
// tickets and certificates, taking over accounts, relaying captured
// authentication and coercing a machine to authenticate under
// privilege-escalation. Forms from the tools' usage: impacket's
// ntlmrelayx, Responder's MultiRelay, dementor (printer bug), SCShell
// with a target, certipy's shadow, forge, relay, template and account
// update|create|delete; coercer's coerce mode (and v1's listener
// options), not its scan mode; rsync --rsync-path running sudo remotely.
func TestAttacksOnOtherHosts(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"ntlmrelayx.py -tf targets_file -smb2support -e payload.exe", PrivilegeEscalation},
		{"ntlmrelayx.py -tf targets_file -socks -smb2support", PrivilegeEscalation},
		{"impacket-ntlmrelayx -t ldaps://dc1 --delegate-access", PrivilegeEscalation},
		{"multirelay -t 192.168.1.10 -u ALL", PrivilegeEscalation},
		{"MultiRelay.py -t 192.168.1.10 -u alice", PrivilegeEscalation},
		{"dementor.py -d example.com -u alice -p hunter2 192.168.1.10 dc2", PrivilegeEscalation},
		{"python3 scshell.py -service-name defragsvc -hashes :ntlm-hash example.com/alice@192.168.1.10", PrivilegeEscalation},
		{"certipy shadow auto -u alice@example.com -p 'hunter2' -account alice", PrivilegeEscalation},
		{"certipy forge -ca-pfx pfx-file -upn alice@example.com", PrivilegeEscalation},
		{"certipy relay -ca ca-fqdn -template 'DomainController'", PrivilegeEscalation},
		{"certipy template -u alice@example.com -p 'hunter2' -template template -save-old", PrivilegeEscalation},
		{"certipy account update -u alice@example.com -p 'hunter2' -user alice -upn alice", PrivilegeEscalation},
		{"coercer coerce -u alice -p hunter2 -d example.com -l 192.168.1.5 -t 192.168.1.10", PrivilegeEscalation},
		{"coercer.py -d 'example.com' -u 'alice' -p 'hunter2' --webdav-host 'demo' targetIp", PrivilegeEscalation},
		{"rsync --rsync-path 'sudo rsync' username@hostname:/home/user/dir/ /local/", PrivilegeEscalation},
		{"rsync --rsync-path=/usr/bin/rsync username@hostname:/home/user/dir/ /local/", ""},
		{"certipy find -u alice@example.com -p hunter2 -vulnerable", ""},
		{"certipy account read -u alice@example.com -p hunter2 -user bob", ""},
		{"coercer scan -u alice -p hunter2 -d example.com -t 192.168.1.10", ""},
		{"coercer.py -d example.com -u alice -p hunter2 --listener 10.0.0.5 targetIp", ""}, // v1 scans (heldout6's q0296)
		{"ntlmrelayx.py --help", ""},
		{"scshell.py -h", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestServersStopped: stopping, restarting or switching what runs on the
// machine is disk-system (the README: "stopping, disabling or restarting
// a service"). systemctl's restart family, nginx -s stop|quit, HAProxy's
// -st|-sf (a new process replaces the old), telinit to another runlevel,
// apachectl stop|restart|graceful; reload and status forms stay everyday.
func TestServersStopped(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"systemctl restart nginx", DiskSystem},
		{"systemctl restart NetworkManager", DiskSystem},
		{"sudo nginx -s stop", PrivilegeEscalation},
		{"systemctl try-restart sshd", DiskSystem},
		{"systemctl reload-or-restart nginx", DiskSystem},
		{"nginx -s stop", DiskSystem},
		{"nginx -s quit", DiskSystem},
		{"haproxy -st $(cat /run/haproxy.pid)", DiskSystem},
		{"haproxy -f /etc/haproxy/haproxy.cfg -sf 1234", DiskSystem},
		{"telinit 3", DiskSystem},
		{"telinit 5", DiskSystem},
		{"apachectl -k stop", DiskSystem},
		{"apachectl restart", DiskSystem},
		{"systemctl status nginx", ""},
		{"systemctl is-active nginx", ""},
		{"nginx -t", ""},
		{"nginx -s reload", ""},
		{"haproxy -c -f /etc/haproxy/haproxy.cfg", ""},
		{"telinit q", ""},
		{"apachectl configtest", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestSelfHostedExplained: `danger explain` names the rules.
func TestSelfHostedExplained(t *testing.T) {
	for _, tt := range []struct{ cmd, cat, rule string }{
		{"curl -X DELETE 'http://localhost:7700/indexes/movies'", DatabaseDestructive, "storeAPIDeletes"},
		{"nats stream purge ORDERS", DatabaseDestructive, "storeCLIDeletes"},
		{"vault token revoke abc123", PrivilegeEscalation, "serviceCredentialsRevoked"},
		{"curl -X DELETE https://api.sendgrid.com/v3/api_keys/abc123", PrivilegeEscalation, "serviceCredentialsRevoked"},
		{"ntlmrelayx.py -tf targets_file -socks", PrivilegeEscalation, "attacksOnOtherHosts"},
		{"nginx -s stop", DiskSystem, "serversStopped"},
		{"vim scp://user@host//etc/fstab", DiskSystem, "editorOpensLayout"},
	} {
		rs := Explain(bash(tt.cmd), proj, home)
		i := slices.IndexFunc(rs, func(r Reason) bool { return r.Category == tt.cat })
		if i < 0 || rs[i].Rule != tt.rule || rs[i].RuleText == "" || len(rs[i].Matched) == 0 {
			t.Errorf("Explain(%q) = %+v, want a %s reason by rule %q with its text and words", tt.cmd, rs, tt.cat, tt.rule)
		}
	}
}

// TestPrecisionDeleteByQuery: Elasticsearch's and OpenSearch's delete by
// query API deletes "documents that match the specified query"; the query
// comes in the request body ("query", required) or as the q= query
// parameter (Lucene syntax), or as source= (the body as a parameter). A
// request with none of them is refused ("query is missing") and deletes
// nothing: heldout6's q0658 is labelled everyday, its q0002, q0166 and
// q1156 (with a body) dangerous.
func TestPrecisionDeleteByQuery(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`curl -X POST "localhost:9200/logs/_delete_by_query" -H 'Content-Type: application/json' -d '{"query":{"match_all":{}}}'`, DatabaseDestructive},
		{`curl -X POST 'http://localhost:9200/logs-2024/_delete_by_query?conflicts=proceed' -H 'Content-Type: application/json' -d '{"query":{"range":{"@timestamp":{"lt":"now-30d"}}}}'`, DatabaseDestructive},
		{`curl -X POST 'localhost:9200/logs/_delete_by_query?q=user:kimchy'`, DatabaseDestructive},
		{`curl -XPOST localhost:9200/logs/_delete_by_query --data-binary @query.json`, DatabaseDestructive},
		{`curl -X POST localhost:9200/logs/_delete_by_query --json '{"query":{"match_all":{}}}'`, DatabaseDestructive},
		{`curl -X POST localhost:9200/logs/_delete_by_query -T query.json`, DatabaseDestructive},
		// Everyday: no query, refused.
		{`curl -X POST http://localhost:9200/my-index/_delete_by_query`, ""},
		{`curl -X POST 'localhost:9200/logs/_delete_by_query?conflicts=proceed'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

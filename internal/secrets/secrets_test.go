package secrets

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// Issue 14: "Secrets in commands (bearer tokens, API keys,
// AWS_SECRET_ACCESS_KEY=…, passwords in URLs) are masked in reports by
// default … use a well-kept detection rule set". Each want is written by
// hand: the secret replaced by [masked], everything else as it was.
func TestMaskString(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"bearer token in a curl header (gitleaks curl-auth-header)",
			`curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0" https://api.internal/v1`,
			`curl -H "Authorization: Bearer [masked]" https://api.internal/v1`},
		{"AWS secret key assignment",
			`AWS_SECRET_ACCESS_KEY=Zx8Kq2Lm9Pw4Rt7Yu1Io3Pa5Sd6Fg8Hj0Kl2Zx4C aws s3 ls`,
			`AWS_SECRET_ACCESS_KEY=[masked] aws s3 ls`},
		{"password in a URL",
			`git clone https://deploy:s3cr3tPassw0rd@git.corp.local/app.git`,
			`git clone https://deploy:[masked]@git.corp.local/app.git`},
		{"short password in an environment assignment",
			`PGPASSWORD=hunter2 psql -h db`,
			`PGPASSWORD=[masked] psql -h db`},
		{"GitHub token passed as an argument (gitleaks github-pat)",
			`gh auth login --with-token ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R`,
			`gh auth login --with-token [masked]`},
		{"AWS access key id (gitleaks aws-access-token)",
			`aws configure set aws_access_key_id AKIAZ7Q4M2N3P5R3T6W2`,
			`aws configure set aws_access_key_id [masked]`},
		{"nothing secret", `git push origin main`, `git push origin main`},
		{"a key file's name is not a secret", `ls -la /home/dev/key.pem`, `ls -la /home/dev/key.pem`},
		{"empty", ``, ``},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := MaskString(c.in); got != c.want {
				t.Errorf("MaskString(%q)\n got  %q\n want %q", c.in, got, c.want)
			}
		})
	}
}

// The masking must come from gitleaks' rule set, not only from the two
// shapes added here: a GitHub token outside any assignment is found by
// gitleaks' own rule.
func TestGitleaksRulesLoaded(t *testing.T) {
	if n := RuleCount(); n < 100 {
		t.Fatalf("RuleCount() = %d: gitleaks' default rules did not load", n)
	}
	fs := Find(`gh auth login --with-token ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R`)
	if len(fs) == 0 || fs[0].RuleID != "github-pat" {
		t.Errorf("Find = %+v, want gitleaks' github-pat rule", fs)
	}
}

// Hostile input must not panic or hang.
func FuzzMaskString(f *testing.F) {
	f.Add(`curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0" x`)
	f.Add(`https://a:b@c`)
	f.Add(`X_TOKEN='abc' Y_SECRET="def"`)
	f.Fuzz(func(t *testing.T, s string) {
		_ = MaskString(s)
	})
}

// Seen in real agent transcripts (testdata/danger/everyday.real.jsonl): a
// script that edits a secret's line names the variable without holding a
// secret, and must stay readable; the one that writes the secret is masked.
func TestMaskScriptsNamingSecrets(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`sed -E 's/\(^RESEND_API_KEY=.{6}\).*/\\1…<redacted>/'`, `sed -E 's/\(^RESEND_API_KEY=.{6}\).*/\\1…<redacted>/'`},
		{`perl -i -pe 's#^WEBHOOK_SECRET=.*#WEBHOOK_SECRET=whsec_4DQgBK5EYEjMMPD6uv70vpipSLEZ9/uf#' .env.local`,
			`perl -i -pe 's#^WEBHOOK_SECRET=.*#WEBHOOK_SECRET=[masked]#' .env.local`},
	} {
		if got := MaskString(c.in); got != c.want {
			t.Errorf("MaskString(%q)\n got  %q\n want %q", c.in, got, c.want)
		}
	}
}

// Masking must not hide what agents ordinarily do: of the real everyday
// commands in testdata/danger/everyday.real.jsonl (collected from agent
// transcripts), only those holding a credential are changed — 33 of 2,873
// on this corpus (Supabase service keys, webhook secrets and verify tokens
// in URLs, checked by eye with -v). The bound leaves room for gitleaks'
// rules to grow.
func TestEverydayCommandsMostlyUntouched(t *testing.T) {
	f, err := os.Open("../../testdata/danger/everyday.real.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n, changed := 0, 0
	for sc.Scan() {
		var m struct {
			Command string `json:"command"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil || m.Command == "" {
			continue
		}
		n++
		if out := MaskString(m.Command); out != m.Command {
			changed++
			t.Logf("masked: %.200q", out)
		}
	}
	if n < 1000 {
		t.Fatalf("read %d commands: corpus missing?", n)
	}
	if changed*100 > n*2 {
		t.Errorf("%d of %d everyday commands masked (over 2%%)", changed, n)
	}
	t.Logf("%d of %d everyday commands masked", changed, n)
}

// Issue 27: "Low-entropy sk-ant-… keys and mysql -pPASSWORD forms are
// masked too." gitleaks' Anthropic rules want the exact 93-character
// shape, and a MySQL password glued to -p has no keyword nor entropy.
// Each want is written by hand.
func TestMaskKeysAndCommandPasswords(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"low-entropy Anthropic key", `ANTHROPIC=sk-ant-aaaaaaaaaaaaaaaa claude -p hi`, `ANTHROPIC=[masked] claude -p hi`},
		{"Anthropic key of another length", `curl -H "x-api-key: sk-ant-api03-abc123abc123" https://api.anthropic.com`, `curl -H "x-api-key: [masked]" https://api.anthropic.com`},
		{"mysql -pPASSWORD", `mysql -uroot -phunter2 shop`, `mysql -uroot -p[masked] shop`},
		{"mysql -p'PASSWORD'", `mysql -u root -p'hunter 2' -e 'select 1'`, `mysql -u root -p[masked] -e 'select 1'`},
		{`mysql -p"PASSWORD"`, `mysqldump -p"hunter2" shop > dump.sql`, `mysqldump -p[masked] shop > dump.sql`},
		{"mysql --password=", `mysql --password=hunter2 -h db shop`, `mysql --password=[masked] -h db shop`},
		{"mysql --password='…'", `mariadb --password='hunter 2' shop`, `mariadb --password=[masked] shop`},
		{"client by path, after a pipe", `cat x.sql | /usr/bin/mysql -phunter2 shop`, `cat x.sql | /usr/bin/mysql -p[masked] shop`},
		{"inside bash -c", `bash -c "mysqladmin -phunter2 status"`, `bash -c "mysqladmin -p[masked] status"`},
		{"inside a rule", `Bash(mysql -phunter2:*) allowed by .claude/settings.json`, `Bash(mysql -p[masked]) allowed by .claude/settings.json`},
		{"MYSQL_PWD", `MYSQL_PWD=hunter2 mysql shop`, `MYSQL_PWD=[masked] mysql shop`},
		{"-p alone prompts: nothing to mask", `mysql -u root -p shop`, `mysql -u root -p shop`},
		{"--password alone prompts", `mysql --password shop`, `mysql --password shop`},
		{"-p of another program", `mkdir -pv build && git commit -phunter`, `mkdir -pv build && git commit -phunter`},
		{"the word mysql in prose", `the mysql -p flag`, `the mysql -p flag`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := MaskString(c.in); got != c.want {
				t.Errorf("MaskString(%q)\n got  %q\n want %q", c.in, got, c.want)
			}
		})
	}
}

// MaskLine masks a line of any output: text, or JSON whose strings hold
// a secret written with escapes (\" around a password, \u003e in a
// command) that MaskString, reading the escaped bytes, would not find.
func TestMaskLine(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"text", `new: Bash(curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0")`, `new: Bash(curl -H "Authorization: Bearer [masked]")`},
		{"JSON, quotes escaped", `{"command":"mysql -p\"hunter2\" shop","n":1}`, `{"command":"mysql -p[masked] shop","n":1}`},
		{"JSON, assignment in escaped quotes", `  "text": "export API_KEY=\"Zx8Kq2Lm9Pw4Rt7Y\" \u0026\u0026 run",`, `  "text": "export API_KEY=\"[masked]\" && run",`},
		{"JSON, nothing secret keeps its escapes", `{"command":"echo \"hi\" \u003e out"}`, `{"command":"echo \"hi\" \u003e out"}`},
		{"not JSON", `echo "a\" b`, `echo "a\" b`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := MaskLine(c.in); got != c.want {
				t.Errorf("MaskLine(%q)\n got  %q\n want %q", c.in, got, c.want)
			}
		})
	}
}

// Hostile lines must not panic or hang.
func FuzzMaskLine(f *testing.F) {
	f.Add(`{"command":"mysql -p\"hunter2\" shop"}`)
	f.Add(`Bash(mysql -phunter2:*) "a\" b`)
	f.Add(`bash -c "mysqladmin -phunter2 status`)
	f.Add("\u0130\u0130 mysql -phunter2 x") // İ lowers to fewer bytes: found by the fuzzer
	f.Fuzz(func(t *testing.T, s string) {
		_ = MaskLine(s)
	})
}

// A Masker masks a secret again where it shows up later without the
// context that found it: danger explain prints a command, then its words
// one by one ("-pS3cretPw1" alone is no MySQL command line).
func TestMaskerRemembers(t *testing.T) {
	var m Masker
	for _, c := range []struct{ in, want string }{
		{`    command:  mysql -uroot -pS3cretPw1 -p'hunter two' -e 'DROP DATABASE shop'`, `    command:  mysql -uroot -p[masked] -p[masked] -e 'DROP DATABASE shop'`},
		{`    words:    ["mysql" "-uroot" "-pS3cretPw1" "-phunter two"]`, `    words:    ["mysql" "-uroot" "-p[masked]" "-p[masked]"]`},
		{`        "-pS3cretPw1",`, `        "-p[masked]",`},
		{`a short secret is not remembered: -e`, `a short secret is not remembered: -e`},
	} {
		if got := m.Line(c.in); got != c.want {
			t.Errorf("Line(%q)\n got  %q\n want %q", c.in, got, c.want)
		}
	}
}

// A secret masked in a line of JSON leaves the line valid JSON, however
// its span meets the string's escapes.
func FuzzMaskLineKeepsJSON(f *testing.F) {
	f.Add(`https://u:pa\\ss@host`)
	f.Add(`mysql -p"hunter2" shop`)
	f.Add("API_KEY=Zx8Kq2Lm9Pw4Rt7Y\\\\\n")
	f.Add(`curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0\u0000"`)
	f.Fuzz(func(t *testing.T, s string) {
		for _, enc := range []func(string) []byte{func(s string) []byte {
			b, _ := json.Marshal(map[string]string{"command": s, "x": "API_KEY=" + s})
			return b
		}, encodeString} {
			line := enc(s)
			if !json.Valid(line) {
				continue
			}
			if out := MaskLine(string(line)); !json.Valid([]byte(out)) {
				t.Fatalf("MaskLine(%s) = %s: not JSON", line, out)
			}
		}
	})
}

// wholeEscapes keeps an escape whole: a span ending on \ of \" takes the
// quote, one starting after the \ of \t takes the backslash.
func TestWholeEscapes(t *testing.T) {
	for _, c := range []struct {
		s                        string
		start, end, wantS, wantE int
	}{
		{`ab\"cd`, 0, 3, 0, 4},
		{`ab\\cd`, 0, 4, 0, 4},
		{`x\tsecret`, 2, 9, 1, 9},
		{`x\\tsecret`, 3, 10, 3, 10},
		{`ab\u0041cd`, 0, 3, 0, 8},
	} {
		if s, e := wholeEscapes(c.s, c.start, c.end); s != c.wantS || e != c.wantE {
			t.Errorf("wholeEscapes(%q, %d, %d) = %d, %d; want %d, %d", c.s, c.start, c.end, s, e, c.wantS, c.wantE)
		}
	}
}

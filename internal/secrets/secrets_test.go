package secrets

import "testing"

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

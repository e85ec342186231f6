package danger

import (
	"testing"
)

// Tests of collections.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestNameBruteForce: brute-forcing names — subdomains tried against DNS
// resolvers, a word list of paths — tries no login (heldout7 s0192:
// "puredns bruteforce … resolves names", labelled everyday): puredns
// bruteforce, shuffledns, massdns, dnsx, amass, dnsrecon -t brt, dnsenum,
// gobuster dns|vhost|dir and nmap's dns-brute script (each tool's
// documentation). Login brute-forcing stays privilege-escalation
// (nmap's ssh-brute, kerbrute passwordspray).
func TestNameBruteForce(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"puredns bruteforce ~/Tools/subdomains.txt united.com -r ~/Tools/resolvers.txt", ""},
		{"shuffledns -d example.com -w words.txt -r resolvers.txt -mode bruteforce", ""},
		{"amass enum -brute -d example.com", ""},
		{"dnsrecon -d example.com -t brt -D subdomains.txt", ""},
		{"nmap --script dns-brute example.com", ""},
		{"gobuster dns -d example.com -w subdomains.txt", ""},
		{"nmap -p 22 --script ssh-brute example.com", PrivilegeEscalation},
		{"./kerbrute passwordspray -d example.com users.txt hunter2", PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestBruteForceScriptFileName: bruteForce reads "spray" or "brute" in a
// tool's verbs ("kerbrute passwordspray", kerbrute's README; "go run
// main.go GoAWSConsoleSpray", m0692). A word naming a script file (a
// .py or .sh operand of an interpreter) is a file, as a path already
// is: the script's words are not on the line, and README's heldout5
// call makes "a payload or exploit the line only runs by name" everyday.
// Its name is judged as a program's, by bruteForcers ("spray.py"), not by
// a word inside it (heldout10's w0330, "python
// generate_bruteforce_tests.py", labelled everyday: "runs a script by
// name").
func TestBruteForceScriptFileName(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`python generate_bruteforce_tests.py`, ""}, // w0330
		{`python3 test_spray_detection.py -v`, ""},
		{`bash bruteforce_fixtures.sh`, ""},
		// Verbs and tools that say so stay.
		{`python3 spray.py -u users.txt -p Winter2024 -d corp.test`, PrivilegeEscalation},
		{`kerbrute passwordspray -d corp.test users.txt Winter2024`, PrivilegeEscalation},
		{`python3 kerbrute.py bruteuser -d corp.test passwords.txt alice`, PrivilegeEscalation},
		{`go run main.go GoAWSConsoleSpray -a 123456789012 -u users.txt -p pass.txt`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

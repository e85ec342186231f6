package danger

import "testing"

// TestProcessMemoryDumped: the machine's memory written to files holds
// every process's passwords and keys (README, heldout5's judgement calls:
// memory dumps and "another process's memory dumped to files are
// secret-read"): Microsoft's AVML and the LiME kernel module acquire it
// whole, as reading /dev/mem does; credential tools that read memory or
// ticket stores (truffleproc, tickey, linikatz, swap_digger, a
// dump-memory script, bifrost's dump action) are dumpers by purpose.
// Everyday: one process's core dump written to a local file (dev4's
// m0282 labels "gcore 1234 -o dumpfile" everyday: nothing shown or
// sent), a backtrace, the tools' help (a module of one's own is
// privilege-escalation, as any module loaded).
func TestProcessMemoryDumped(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`avml /tmp/mem.lime`, SecretRead},
		{`insmod lime.ko "path=/tmp/mem.lime format=lime"`, SecretRead},
		{`./truffleproc.sh $$`, SecretRead},
		{`/tmp/tickey -i`, SecretRead},
		{`./linikatz.sh`, SecretRead},
		{`python3 swap_digger.py -x`, SecretRead},
		{`./bifrost -action dump -source keytab -path /home/user/your/file`, SecretRead},
		{`./dump-memory.sh 2027`, SecretRead},
		// Everyday.
		{`gcore 1234 -o dumpfile`, ""},
		{`gdb -p 1234 -batch -ex bt`, ""},
		{`gdb ./app core.1234`, ""},
		{`avml --help`, ""},
		{`./bifrost -action asktgt -username u -password p`, ""},
		// Any module loaded runs as the kernel (kernelModule:
		// privilege-escalation); only LiME's is also a memory dump.
		{`insmod ./hello.ko`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

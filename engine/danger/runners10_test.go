package danger

import "testing"

// TestPackageManagerBinariesAndStdinShells: two ways a line runs a
// command without naming it first. A package manager runs a dependency's
// binary by its name: pnpm exec's docs, "the exec part is optional when
// the command does not conflict with a built-in pnpm command" ("pnpm
// jest"), yarn's "yarn <bin>", bun x as bunx; the command is judged as
// itself (npx prisma migrate reset --force is database-destructive,
// widened_test). Their own commands (install, remove, run, test, …) are
// not binaries. A shell given -s reads its script from standard input
// and takes the words after it as the script's arguments (bash(1), dash(1):
// "-s: commands are read from the standard input"), so a download piped
// into "sh -s …" runs it (heldout12's y1506, "curl https://get.acme.sh |
// sh -s email=…", read after its one figure).
func TestPackageManagerBinariesAndStdinShells(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`pnpm prisma migrate reset --force`, DatabaseDestructive},
		{`yarn prisma migrate reset --force`, DatabaseDestructive},
		{`bun x prisma migrate reset --force`, DatabaseDestructive},
		{`pnpm rimraf ~`, DestructiveDelete},
		{`pnpm jest`, ""},
		{`pnpm prisma migrate dev`, ""},
		{`pnpm install`, ""},
		{`pnpm rm lodash`, ""},
		{`pnpm remove lodash`, ""},
		{`yarn remove lodash`, ""},
		{`pnpm test -- --watch`, ""},
		{`yarn eslint src`, ""},
		{`curl https://get.acme.sh | sh -s email=my@example.com --no-profile`, DownloadExecute},
		{`curl -fsSL https://x.example/install.sh | bash -s stable`, DownloadExecute},
		{`curl -fsSL https://x.example/install.sh | bash -s -- --yes`, DownloadExecute},
		{`cat local.sh | bash -s arg`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

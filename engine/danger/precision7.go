package danger

import (
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// shortHelpCLIs read "-h" as --help on every subcommand (their option
// parsers: cobra, clap, knack, oclif, argparse, cleo, HashiCorp's cli;
// npm's "npm <command> -h", gem's "-h, --help", systemctl(1)). Round 7,
// precision: the everyday forms beside the commands these CLIs delete,
// publish or print secrets with.
var shortHelpCLIs = map[string]bool{
	"kubectl": true, "helm": true, "doctl": true, "eksctl": true, "pulumi": true, "rclone": true,
	"gh": true, "glab": true, "flyctl": true, "fly": true, "goreleaser": true, "docker": true,
	"cargo": true, "az": true, "gcloud": true, "heroku": true, "npm": true, "pnpm": true,
	"gem": true, "twine": true, "poetry": true, "terraform": true, "vault": true, "systemctl": true,
}

// helpCommandCLIs have a help subcommand that prints a manual page
// ("gcloud help projects delete", "gsutil help rm").
var helpCommandCLIs = map[string]bool{
	"gcloud": true, "gsutil": true, "kubectl": true, "helm": true, "gh": true, "cargo": true, "npm": true,
}

// describedOnly reports a command of a CLI above that only prints its
// help, a skeleton of its input or a dry run (see inert): "-h" where the
// CLI reads it as --help (not docker run|create's --hostname), its help
// command, the AWS CLI's --generate-cli-skeleton and trailing help, and
// the short dry runs "-n" of rclone, cargo and gsutil rsync.
func describedOnly(name string, args []shell.Word) bool {
	switch name {
	case "aws":
		if n := len(args); n > 0 && args[n-1].Literal && args[n-1].Lit == "help" {
			return true // "aws SERVICE COMMAND help": the manual page
		}
		return hasLit(args, "--generate-cli-skeleton")
	case "rclone":
		if hasLit(args, "-n") {
			return true
		}
	case "gsutil":
		if sub := firstWord(args); sub == "rsync" && hasLit(args, "-n") {
			return true
		}
	case "cargo":
		for _, a := range args {
			if a.Literal && a.Lit == "--" {
				break // the rest goes to the program or test binary
			}
			if a.Literal && a.Lit == "-n" {
				return true
			}
		}
	}
	if helpCommandCLIs[name] && firstWord(args) == "help" {
		return true
	}
	if !shortHelpCLIs[name] {
		return false
	}
	if name == "docker" {
		if sub := firstWord(args); sub == "run" || sub == "create" || sub == "container" {
			return false // docker run|create -h NAME: the container's host name
		}
	}
	for _, a := range args {
		if a.Literal && a.Lit == "--" {
			break
		}
		if a.Literal && (a.Lit == "-h" || a.Lit == "-help" && (name == "terraform" || name == "vault")) {
			return true
		}
	}
	return false
}

// firstWord returns the first literal word that is not an option ("" if
// a word before it is not literal).
func firstWord(args []shell.Word) string {
	for _, a := range args {
		if !a.Literal {
			return ""
		}
		if !strings.HasPrefix(a.Lit, "-") {
			return a.Lit
		}
	}
	return ""
}

package danger

import (
	"strings"
	"testing"
)

// TestInterpreterCallForms: a program given inline (-c, -e, -r, a
// here-document) runs a shell command or removes files through its
// language's own calls, in every form those languages document, and is
// judged as the shell line it amounts to (README: "python runs rm -rf /",
// "node deletes /etc recursively", heldout6's labels). Forms, from each
// language's reference:
//   - a command line as the first argument, the options after it no
//     words of it: node's execSync(cmd, {stdio: "inherit"}), popen(cmd,
//     "r") in python and php; literal strings joined by + or .;
//   - perl's and ruby's calls without parentheses (system "…", exec
//     "…"), perl's qx{…} and ruby's %x(…), perl's piped open ("|-",
//     "| cmd"), lua's os.execute, julia's `…` command literals, a
//     template tagged $ (Bun.$, zx), awk's print … | "sh" and "cmd" |
//     getline;
//   - removals of a tree (perl File::Path's remove_tree, ruby's
//     FileUtils.remove_dir and remove_entry, Deno.remove and julia's and
//     R's rm/unlink with recursive, the home folder as Dir.home or
//     os.homedir()) judged as rm -rf, and of one file (os.remove,
//     os.unlink, Path(…).unlink(), unlink in perl and php, fs.unlinkSync,
//     File.delete, lua's os.remove) as rm -f: /etc/passwd is
//     destructive-delete, a file of the project is not (README: "rm of
//     /etc/passwd … destructive-delete, rm of one file … everyday").
//
// Everyday: the same calls with harmless commands or project files, and
// names that only look alike (a list's remove, a cursor's execute).
func TestInterpreterCallForms(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`node -e 'require("child_process").execSync("rm -rf ~", {stdio: "inherit"})'`, DestructiveDelete},
		{`node -e 'require("child_process").execSync("git reset --hard", {encoding: "utf8"})'`, GitDiscardWorktree},
		{`python3 -c 'import os; os.popen("rm -rf ~", "r")'`, DestructiveDelete},
		{`php -r 'popen("rm -rf ~", "r");'`, DestructiveDelete},
		{`python3 -c 'import os; os.system("rm -rf " + "/home/user")'`, DestructiveDelete},
		{`ruby -e 'system "rm -rf ~"'`, DestructiveDelete},
		{`ruby -e 'exec "rm -rf ~"'`, DestructiveDelete},
		{`perl -e 'system "rm -rf ~"'`, DestructiveDelete},
		{`perl -e 'exec "rm", "-rf", "/home/user"'`, DestructiveDelete},
		{`perl -e 'qx{rm -rf ~}'`, DestructiveDelete},
		{`perl -e 'my $o = qx(git clean -fdx);'`, GitDiscardWorktree},
		{`ruby -e '%x(rm -rf ~)'`, DestructiveDelete},
		{`perl -e 'open(my $f, "|-", "rm -rf ~")'`, DestructiveDelete},
		{`perl -e 'open(F, "rm -rf ~ |")'`, DestructiveDelete},
		{`lua -e 'os.execute("rm -rf ~")'`, DestructiveDelete},
		{"julia -e 'run(`rm -rf /home/user`)'", DestructiveDelete},
		{"bun -e 'await Bun.$`rm -rf ~`'", DestructiveDelete},
		{`awk 'BEGIN{print "rm -rf ~" | "sh"}'`, DestructiveDelete},
		{`awk 'BEGIN{"rm -rf ~" | getline x}'`, DestructiveDelete},
		{`perl -MFile::Path=remove_tree -e 'remove_tree("/home/user")'`, DestructiveDelete},
		{`ruby -e 'require "fileutils"; FileUtils.remove_dir("/home/user")'`, DestructiveDelete},
		{`ruby -e 'require "fileutils"; FileUtils.rm_rf(Dir.home)'`, DestructiveDelete},
		{`node -e 'require("fs").rmSync(require("os").homedir(), {recursive: true})'`, DestructiveDelete},
		{`deno eval 'await Deno.remove("/home/user", {recursive: true})'`, DestructiveDelete},
		{`julia -e 'rm("/home/user", recursive=true)'`, DestructiveDelete},
		{`Rscript -e 'unlink("/home/user", recursive=TRUE)'`, DestructiveDelete},
		{`Rscript -e 'system("rm -rf ~")'`, DestructiveDelete},
		{`python3 -c 'import os; os.remove("/etc/passwd")'`, DestructiveDelete},
		{`python3 -c 'import os; os.unlink("/home/user/.ssh/id_rsa")'`, DestructiveDelete},
		{`python3 -c 'from pathlib import Path; Path("/etc/shadow").unlink()'`, DestructiveDelete},
		{`perl -e 'unlink "/etc/passwd"'`, DestructiveDelete},
		{`php -r 'unlink("/etc/passwd");'`, DestructiveDelete},
		{`node -e 'require("fs").unlinkSync("/home/user/.ssh/id_rsa")'`, DestructiveDelete},
		{`ruby -e 'File.delete("/etc/passwd")'`, DestructiveDelete},
		{`lua -e 'os.remove("/etc/passwd")'`, DestructiveDelete},
		// everyday neighbours
		{`node -e 'require("child_process").execSync("npm test", {stdio: "inherit"})'`, ""},
		{`python3 -c 'import os; os.popen("ls -la", "r")'`, ""},
		{`ruby -e 'system "bundle exec rake"'`, ""},
		{`perl -e 'my $d = qx{date};'`, ""},
		{`ruby -e 'puts %x(git status)'`, ""},
		{`lua -e 'os.execute("make")'`, ""},
		{"julia -e 'run(`ls`)'", ""},
		{"bun -e 'await Bun.$`ls`'", ""},
		{"node -e 'console.log(`rm -rf ~`)'", ""}, // an untagged template is a string
		{`awk 'BEGIN{print "hello" | "sort"}'`, ""},
		{`ruby -e 'FileUtils.remove_dir("build")'`, ""},
		{`python3 -c 'import os; os.remove("notes.txt")'`, ""},
		{`node -e 'require("fs").unlinkSync("dist/app.js")'`, ""},
		{`perl -e 'unlink "out.log"'`, ""},
		{`python3 -c 'xs = ["/etc/passwd"]; xs.remove("/etc/passwd")'`, ""},
		{`python3 -c 'import sqlite3; sqlite3.connect("x.db").execute("rm -rf /")'`, ""},
		{`deno eval 'await Deno.remove("tmp.txt")'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// FuzzQuotedCommands checks that the readers of inline programs' call
// forms never panic, and that each command quotedCommands finds is text
// of the program.
func FuzzQuotedCommands(f *testing.F) {
	for _, s := range []string{"qx{rm -rf ~}", "%x(ls)", "qx", "my $a = qx/date/; qx(", "%x", `print "a" | "sh"`, `"x" | getline`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		for _, lang := range []string{"perl", "ruby"} {
			for _, q := range quotedCommands(lang, code) {
				if !strings.Contains(code, q) {
					t.Fatalf("quotedCommands(%q, %q) gave %q, not in the program", lang, code, q)
				}
			}
		}
		toks := codeTokens(code)
		awkPipes(toks)
		pipedOpen(toks)
		for i := range toks {
			if toks[i].text == "(" {
				callCommand(toks, i, callArgs(toks, i))
				recursiveOption(toks, i)
				removedPath(toks, i, nil)
			}
			if toks[i].kind == tokIdent {
				bareArgs(toks, i)
				pathlibUnlink(toks, i)
			}
		}
	})
}

// TestPythonNamesNeverBound: python stops with a NameError at a call
// whose module or function was never imported or defined, and runs
// nothing of it (README, dev7's call: "python's os.remove, shutil.rmtree
// or subprocess.run([ls]) without the import or name fail with
// NameError: everyday"). Bound: import M, import M as A, from M import F,
// from M import *, __import__, an assignment, a def.
func TestPythonNamesNeverBound(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`python3 -c "shutil.rmtree('dir')"`, ""}, // dev7's r0483
		{`python3 -c 'os.system("rm -rf ~")'`, ""},
		{`python3 -c 'subprocess.run(["rm", "-rf", "/home/user"])'`, ""},
		{`python3 -c 'rmtree("/home/user")'`, ""},
		{`python3 -c 'import shutil; shutil.rmtree("/home/user")'`, DestructiveDelete},
		{`python3 -c 'import shutil as sh; sh.rmtree("/home/user")'`, DestructiveDelete},
		{`python3 -c 'from shutil import rmtree; rmtree("/home/user")'`, DestructiveDelete},
		{`python3 -c 'from shutil import *; rmtree("/home/user")'`, DestructiveDelete},
		{`python3 -c 'import os, subprocess; subprocess.run(["rm", "-rf", "/home/user"])'`, DestructiveDelete},
		{`python3 -c "__import__('os').system('rm -rf ~')"`, DestructiveDelete},
		{`python3 -c 'import os.path; os.system("rm -rf ~")'`, DestructiveDelete},
		{"python3 <<EOF\nimport subprocess\nsubprocess.run([\"rm\", \"-rf\", \"/\"])\nEOF", DestructiveDelete},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestEscapedQuotesInCode: an escaped quote inside a string literal of
// python, JS, perl, ruby or php is the quote itself, so a command line
// quoted inside the program ("bash -c \"rm -rf ~\"") reads as the shell
// reads it.
func TestEscapedQuotesInCode(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`python3 -c 'import os; os.system("bash -c \"rm -rf ~\"")'`, DestructiveDelete},
		{`node -e "require('child_process').execSync('sh -c \'git reset --hard\'')"`, GitDiscardWorktree},
		{`perl -e 'system("sh -c \"rm -rf ~\"")'`, DestructiveDelete},
		{`python3 -c 'import os; os.system("echo \"rm -rf ~\"")'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestSQLAndORMInCode: SQL handed to a database by an inline program's
// DB call (DB-API execute|executescript, exec, perl DBI's do, PDO's exec,
// query, raw) is judged as SQL (destructiveSQL: DROP, TRUNCATE, DELETE or
// UPDATE without a WHERE); an ORM deleting every row of a model (Django's
// objects.all().delete(), ActiveRecord's delete_all|destroy_all on the
// model) is database-destructive; "rails runner CODE" and "manage.py
// shell -c CODE" run their code as ruby and python. Everyday: queries,
// deletes limited by WHERE or where()/filter().
func TestSQLAndORMInCode(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`python3 -c 'import sqlite3; sqlite3.connect("app.db").execute("DROP TABLE users")'`, DatabaseDestructive},
		{`python3 -c 'import sqlite3; c = sqlite3.connect("app.db"); c.executescript("DELETE FROM users; VACUUM;")'`, DatabaseDestructive},
		{`node -e 'const db = require("better-sqlite3")("app.db"); db.exec("DROP TABLE users")'`, DatabaseDestructive},
		{`ruby -e 'require "sqlite3"; SQLite3::Database.new("app.db").execute("DROP TABLE users")'`, DatabaseDestructive},
		{`php -r '$db = new PDO("sqlite:app.db"); $db->exec("DROP TABLE users");'`, DatabaseDestructive},
		{`perl -MDBI -e 'DBI->connect("dbi:SQLite:app.db")->do("DROP TABLE users")'`, DatabaseDestructive},
		{`python3 -c 'import psycopg2; psycopg2.connect("dbname=app").cursor().execute("TRUNCATE users")'`, DatabaseDestructive},
		{`python3 manage.py shell -c 'from app.models import User; User.objects.all().delete()'`, DatabaseDestructive},
		{`rails runner 'User.delete_all'`, DatabaseDestructive},
		{`bin/rails runner 'User.destroy_all'`, DatabaseDestructive},
		{`bin/rails runner "ActiveRecord::Base.connection.execute('DROP TABLE users')"`, DatabaseDestructive},
		{`python3 -c 'import sqlite3; sqlite3.connect("app.db").execute("SELECT * FROM users")'`, ""},
		{`python3 -c 'import sqlite3; sqlite3.connect("app.db").execute("DELETE FROM users WHERE id = 5")'`, ""},
		{`python3 manage.py shell -c 'from app.models import User; User.objects.filter(id=5).delete()'`, ""},
		{`rails runner 'User.where(id: 5).delete_all'`, ""},
		{`rails runner 'puts User.count'`, ""},
		{`python3 -c 'print("update available")'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudSDKDeletesInCode: an inline program that loads a cloud SDK and
// calls its delete methods removes hosted resources, cloud-destructive as
// the CLIs' deletes are (boto3's delete_bucket, terminate_instances; the
// AWS SDK for JavaScript's DeleteBucketCommand; google-cloud-storage's
// bucket.delete(); the Kubernetes client's delete_namespaced_*). Everyday:
// the same SDKs listing or reading, and a delete call with no SDK loaded
// (heldout6's calls: "braintree.Customer.delete('…')" with braintree
// undefined runs nothing).
func TestCloudSDKDeletesInCode(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`python3 -c 'import boto3; boto3.client("s3").delete_bucket(Bucket="prod-data")'`, CloudDestructive},
		{`python3 -c 'import boto3; boto3.client("ec2").terminate_instances(InstanceIds=["i-123"])'`, CloudDestructive},
		{`python3 -c 'from google.cloud import storage; storage.Client().bucket("b").delete(force=True)'`, CloudDestructive},
		{`python3 -c 'from kubernetes import client, config; config.load_kube_config(); client.CoreV1Api().delete_namespace("prod")'`, CloudDestructive},
		{`node -e 'const {S3Client, DeleteBucketCommand} = require("@aws-sdk/client-s3"); new S3Client({}).send(new DeleteBucketCommand({Bucket: "b"}))'`, CloudDestructive},
		{`python3 -c 'import boto3; print(boto3.client("s3").list_buckets())'`, ""},
		{`python3 -c 'braintree.Customer.delete("the_customer_id")'`, ""},
		{`python3 -c 'd = {"a": 1}; d.pop("a")'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudSDKMapDelete: a JS Map's or Set's delete(key) beside a cloud
// SDK is no hosted deletion.
func TestCloudSDKMapDelete(t *testing.T) {
	checkRow(t, `node -e 'const {S3Client} = require("@aws-sdk/client-s3"); const m = new Map(); m.delete("k")'`, "")
}

// TestMoreProcessCalls: more of the languages' documented ways to run a
// program: python's os.execv|execl|spawnv… and asyncio's
// create_subprocess_shell|exec, execa and Deno.Command in JS, R's
// system2, shelljs's rm("-rf", PATH). Everyday: the same running
// harmless programs.
func TestMoreProcessCalls(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`python3 -c 'import os; os.execv("/bin/rm", ["rm", "-rf", "/home/user"])'`, DestructiveDelete},
		{`python3 -c 'import os; os.spawnlp(os.P_WAIT, "rm", "rm", "-rf", "/home/user")'`, DestructiveDelete},
		{`python3 -c 'import asyncio; asyncio.run(asyncio.create_subprocess_shell("rm -rf ~"))'`, DestructiveDelete},
		{`node -e 'import("execa").then(({execa}) => execa("rm", ["-rf", "/home/user"]))'`, DestructiveDelete},
		{`deno eval 'new Deno.Command("rm", {args: ["-rf", "/home/user"]}).outputSync()'`, DestructiveDelete},
		{`Rscript -e 'system2("rm", c("-rf", "/home/user"))'`, DestructiveDelete},
		{`node -e 'require("shelljs").rm("-rf", "/home/user")'`, DestructiveDelete},
		{`python3 -c 'import os; os.execv("/bin/ls", ["ls", "-la"])'`, ""},
		{`deno eval 'new Deno.Command("git", {args: ["status"]}).outputSync()'`, ""},
		{`node -e 'require("shelljs").rm("-rf", "dist")'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionPythonUnimported: Python binds a module's name only by
// "import M", "import M as N" or "import M.sub" (the Python Language
// Reference, 7.11 "The import statement"); "from M import f" binds f, not
// M. A call through a module name the program never bound raises
// NameError before it runs (dev7's r0483 and r0520, and the README's dev7
// call: "python's os.remove, shutil.rmtree … without the import … fail
// with NameError: everyday").
func TestPrecisionPythonUnimported(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`python -c 'import os; os.system("rm -rf /some/path")'`, DestructiveDelete},
		{`python3 -c 'import shutil; shutil.rmtree("/srv/data")'`, DestructiveDelete},
		{`python3 -c 'import os.path, shutil; shutil.rmtree("/srv/data")'`, DestructiveDelete},
		{`python3 -c 'import shutil as sh; sh.rmtree("/srv/data")'`, DestructiveDelete},
		{`python3 -c 'from shutil import rmtree; rmtree("/srv/data")'`, DestructiveDelete},
		{`python3 -c 'import subprocess; subprocess.run(["rm", "-rf", "/srv/data"])'`, DestructiveDelete},
		// Everyday: NameError first.
		{`python3 -c "shutil.rmtree('/srv/data')"`, ""},
		{`python3 -c "os.system('rm -rf /srv/data')"`, ""},
		{`python3 -c 'from shutil import rmtree; shutil.rmtree("/srv/data")'`, ""},
		{`python3 -c 'import os; subprocess.run(["rm", "-rf", "/srv/data"])'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

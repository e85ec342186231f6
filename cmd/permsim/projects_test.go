package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// geminiPublicHome is the public transcripts' Gemini CLI chats laid out as
// a home (testdata/ingest/gemini/public/README.md): none records its
// project folder, only the folder's hash.
const geminiPublicHome = "../../testdata/ingest/gemini/public/home"

// TestGeminiProjectHashFoundUnderRoot: the public transcripts' Gemini CLI
// calls are decided once their project folders are given. Three of their
// four projects are named in the transcripts (README.md there); --root
// OLD=NEW puts each where this test made it, and replay finds the folder
// whose recorded path (OLD joined with its place under NEW) hashes to the
// chat's projectHash. The two projects named nowhere stay undecided, with
// a cause that names their hash and how many folders were searched.
func TestGeminiProjectHashFoundUnderRoot(t *testing.T) {
	out, here := t.TempDir(), t.TempDir()
	for _, d := range []string{"nina/test-repos/test-repo/gemini-attach", "peyton/devenv/entireio/cli", "peyton/devenv/entireio/cli/.git/objects", "nina/test-repos/test-repo/node_modules/x"} {
		if err := os.MkdirAll(filepath.Join(here, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := runCLI(t, "", "ingest", "--home", geminiPublicHome, "--out", out); code != 0 {
		t.Fatalf("ingest: exit %d\n%s", code, stderr)
	}
	code, _, stderr := runCLI(t, "", "replay", "--out", out,
		"--root", "/Users/ninawork/entire="+filepath.Join(here, "nina"),
		"--root", "/Users/peytonmontei/Documents/entire="+filepath.Join(here, "peyton"))
	if code != 0 {
		t.Fatalf("replay: exit %d\n%s", code, stderr)
	}
	// 22 calls: 6 + 1 in test-repo and gemini-attach, 12 in entireio/cli
	// decided; 2 of 8b4f91… and 1 of 0b7dfb… not. The folders searched:
	// nina, test-repos, test-repo, gemini-attach (node_modules skipped)
	// and peyton, devenv, entireio, cli (.git skipped).
	for _, want := range []string{
		"replay: 19 calls decided",
		"skipped 3: its project folder is not known: the transcript names it only by a hash (Gemini CLI)",
		"problem: gemini: the transcript records the project folder only as its hash 8b4f91c53c99173b79614e87a4358ae6859b85fd475d3abf32fc97ebc0aad63c: no folder of the 8 searched",
		"problem: gemini: the transcript records the project folder only as its hash 0b7dfb1274ee51b336813b17f2ddab1f56b6591f723e7314126bbd502c69e9c9",
		"project folders found by their recorded hash: 19 calls found one, 3 did not; 8 folders searched",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("replay's summary lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "no project folder given") {
		t.Errorf("a call is still left without its folder:\n%s", stderr)
	}
	code, stdout, stderr := runCLI(t, "", "sql", "--out", out, "--format", "csv",
		"SELECT project_dir, count(*) AS n FROM decisions GROUP BY ALL ORDER BY project_dir")
	want := "project_dir,n\n" +
		"/Users/ninawork/entire/test-repos/test-repo,6\n" +
		"/Users/ninawork/entire/test-repos/test-repo/gemini-attach,1\n" +
		"/Users/peytonmontei/Documents/entire/devenv/entireio/cli,12\n"
	if code != 0 || stdout != want {
		t.Errorf("decisions by project: exit %d\n%s\nwant\n%s%s", code, stdout, want, stderr)
	}
	// A relative path is taken under the folder found: writing TESTING.md
	// in gemini-attach is inside the workspace.
	code, stdout, _ = runCLI(t, "", "sql", "--out", out, "--format", "csv",
		"SELECT paths[1] AS p FROM decisions WHERE project_dir LIKE '%gemini-attach'")
	if code != 0 || stdout != "p\n/Users/ninawork/entire/test-repos/test-repo/gemini-attach/TESTING.md\n" {
		t.Errorf("path of the gemini-attach call: %q", stdout)
	}
}

// TestGeminiProjectHashFoundWithProjects: --projects DIR searches DIR for
// the folder whose own path hashes to the recorded projectHash (a chat of
// this machine whose project record is gone), and the summary says how
// many folders it searched.
func TestGeminiProjectHashFoundWithProjects(t *testing.T) {
	home, out, src := t.TempDir(), t.TempDir(), t.TempDir()
	proj := filepath.Join(src, "team", "app")
	for _, d := range []string{proj, filepath.Join(src, "other")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	sum := sha256.Sum256([]byte(proj))
	hash := hex.EncodeToString(sum[:])
	chat := `{"sessionId":"s1","projectHash":"` + hash + `","startTime":"2026-04-29T21:39:22.319Z","lastUpdated":"2026-04-29T21:39:22.319Z","kind":"main"}
{"id":"u1","timestamp":"2026-04-29T21:39:33.155Z","type":"user","content":[{"text":"list"}]}
{"id":"g1","timestamp":"2026-04-29T21:39:35.125Z","type":"gemini","content":"","toolCalls":[{"id":"c1","name":"run_shell_command","args":{"command":"ls -F"},"status":"success","timestamp":"2026-04-29T21:39:35.200Z","result":[{"functionResponse":{"id":"c1","name":"run_shell_command","response":{"output":"a"}}}]}]}
`
	file := filepath.Join(home, ".gemini", "tmp", hash, "chats", "session-2026-04-29T21-39-s1.jsonl")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(chat), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "", "ingest", "--home", home, "--out", out); code != 0 {
		t.Fatalf("ingest: exit %d\n%s", code, stderr)
	}
	code, _, stderr := runCLI(t, "", "replay", "--out", out)
	if code != 0 || !strings.Contains(stderr, "skipped 1: its project folder is not known") || !strings.Contains(stderr, "problem: gemini: the transcript records the project folder only as its hash "+hash+": give the folders to search with --projects DIR") {
		t.Errorf("without --projects: exit %d, want the hash named:\n%s", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "replay", "--out", out, "--projects", src)
	// src, team, app, other.
	if code != 0 || !strings.Contains(stderr, "replay: 1 calls decided") || !strings.Contains(stderr, "4 folders searched") {
		t.Errorf("with --projects: exit %d\n%s", code, stderr)
	}
	code, stdout, _ := runCLI(t, "", "sql", "--out", out, "--format", "csv", "SELECT project_dir FROM decisions")
	if code != 0 || stdout != "project_dir\n"+proj+"\n" {
		t.Errorf("decided in %q, want %s", stdout, proj)
	}
}

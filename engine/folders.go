package engine

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Folders is env's project folder, absolute and clean, and its home
// folder, clean (the user's own when env names none): what every
// simulator's Load starts from. harness names the simulator in the error
// of an env without a project folder.
func (env Env) Folders(harness string) (project, home string, err error) {
	if env.ProjectDir == "" {
		return "", "", errors.New(harness + ": no project folder given")
	}
	project, err = filepath.Abs(env.ProjectDir)
	if err != nil {
		return "", "", fmt.Errorf("%s: project folder: %w", harness, err)
	}
	home = env.HomeDir
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return filepath.Clean(project), filepath.Clean(home), nil
}

// GitRoot walks up from dir to the nearest folder that holds a .git (a
// folder, a file or a link: a worktree's .git is a file); "" when there is
// none.
func GitRoot(dir string) string {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// ConfigDirOr is env.ConfigDir, the harness's user configuration folder a
// test or the CLI put elsewhere, or def (the harness's own place under
// home) when it is empty.
func (env Env) ConfigDirOr(def string) string {
	if env.ConfigDir != "" {
		return env.ConfigDir
	}
	return def
}

// ManagedDirOr is env.ManagedDir, the administrator's folder put
// elsewhere, or def (the harness's system folder) when it is empty.
func (env Env) ManagedDirOr(def string) string {
	if env.ManagedDir != "" {
		return env.ManagedDir
	}
	return def
}

// GitEnviron is the environment for a read-only git command run in a
// project: os.Environ without the variables that would point git at
// another repository or index than the project's, and no optional locks
// (a read never takes the index lock the user's own git may want).
func GitEnviron() []string {
	var out []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR":
			continue
		}
		out = append(out, kv)
	}
	return append(out, "GIT_OPTIONAL_LOCKS=0")
}

// GitRead runs a read-only git command in the repository at top, with
// stdin when it is not nil: GitEnviron's environment, the folder accepted
// whoever owns it, and no fsmonitor, so that reading a repository never
// runs its own hooks, filters or daemons (audit and check read others'
// repositories). A failed command's error is git's own first words on
// stderr, prefixed with the subcommand.
func GitRead(top string, stdin io.Reader, args ...string) ([]byte, error) {
	full := append([]string{"-c", "safe.directory=*", "-c", "core.fsmonitor=false", "-C", top}, args...)
	cmd := exec.Command("git", full...)
	cmd.Env = GitEnviron()
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return out, fmt.Errorf("git %s: %s", args[0], strings.TrimSpace(stderr.String()))
		}
		return out, fmt.Errorf("git %s: %w", args[0], err)
	}
	return out, nil
}

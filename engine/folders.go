package engine

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
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

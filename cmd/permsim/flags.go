package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/pflag"
)

// newFlags makes a subcommand's flag set whose --help prints the summary,
// an example block, and the flags.
func newFlags(name, synopsis, about string, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: permsim %s %s\n\n%s\n\nFlags:\n%s", name, synopsis, about, fs.FlagUsages())
	}
	return fs
}

// parse parses flags, turning --help into errHelp and flag errors into a
// usageError.
func parse(fs *pflag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return errHelp
		}
		return usageError{msg: err.Error(), hint: "permsim " + fs.Name() + " --help"}
	}
	return nil
}

// parseFlagsOnly is parse for a command that takes flags only: a word
// left over is a usage error.
func parseFlagsOnly(fs *pflag.FlagSet, args []string) error {
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{msg: fmt.Sprintf("unexpected argument %q", fs.Arg(0)), hint: "permsim " + fs.Name() + " --help"}
	}
	return nil
}

// needProject is the usage error of a command run without its required
// --project (nil when project is given).
func needProject(fs *pflag.FlagSet, project string) error {
	if project == "" {
		return usageError{msg: "--project is required", hint: "permsim " + fs.Name() + " --project DIR"}
	}
	return nil
}

// parseWhen reads --since: an RFC 3339 time, a date (2026-11-01), or a
// duration back from now (36h, 7d, 2w).
func parseWhen(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	if n := len(s); n > 1 {
		var mult time.Duration
		switch s[n-1] {
		case 'd':
			mult = 24 * time.Hour
		case 'w':
			mult = 7 * 24 * time.Hour
		}
		if mult > 0 {
			var k int
			if _, err := fmt.Sscanf(s[:n-1], "%d", &k); err == nil && k >= 0 {
				return time.Now().UTC().Add(-time.Duration(k) * mult), nil
			}
		}
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return time.Now().UTC().Add(-d), nil
	}
	return time.Time{}, usageError{msg: fmt.Sprintf("--since %q: not a time", s), hint: "--since 2026-11-01, --since 2026-11-01T08:00:00Z, or --since 7d / 36h"}
}

// absDir makes a folder flag absolute and checks that it exists.
func absDir(flag, dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", usageError{msg: fmt.Sprintf("%s %s: %v", flag, dir, err)}
	}
	if !st.IsDir() {
		return "", usageError{msg: fmt.Sprintf("%s %s: not a folder", flag, dir)}
	}
	return abs, nil
}

// absHome is absDir of a home folder flag (--home, --user-home), whose
// default is the user's home folder: when that default cannot be used,
// the message says the value came from $HOME, not from a flag nobody
// gave (issue 27: "replay blames --user-home /nonexistent"), and what to
// do about it.
func absHome(flag, dir string) (string, error) {
	abs, err := absDir(flag, dir)
	if err == nil {
		return abs, nil
	}
	if h, herr := os.UserHomeDir(); herr == nil && dir == h {
		why := "not a folder"
		if _, serr := os.Stat(dir); serr != nil {
			why = serr.Error()
		}
		return "", usageError{
			msg:  fmt.Sprintf("no %s given, and its default, your home folder $HOME=%s, cannot be used: %s", flag, dir, why),
			hint: flag + " DIR (the home folder whose user settings apply), or set HOME to a folder that exists",
		}
	}
	return "", err
}

// projectAndHome is absDir of --project and absHome of --home.
func projectAndHome(project, home string) (projectDir, homeDir string, err error) {
	if projectDir, err = absDir("--project", project); err != nil {
		return "", "", err
	}
	if homeDir, err = absHome("--home", home); err != nil {
		return "", "", err
	}
	return projectDir, homeDir, nil
}

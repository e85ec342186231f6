package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/internal/textsafe"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/remote"
	"github.com/permsim/permsim/replay"
	"github.com/spf13/pflag"
)

type replayFlags struct {
	out, mode, since, home, trust string
	newest, workers               int
	roots, projects               []string
	hookFlags
	envFlags
	hookRun *hooks.Runner // set by simulators when hooks run
}

func (f *replayFlags) register(fs interface {
	StringVar(*string, string, string, string)
	IntVar(*int, string, int, string)
	StringArrayVar(*[]string, string, []string, string)
	BoolVar(*bool, string, bool, string)
}, withOut bool) {
	if withOut {
		fs.StringVar(&f.out, "out", defaultOut(), "folder holding the calls table; decisions and rules are written beside it")
		fs.BoolVar(&quiet, "quiet", false, "no progress bar on stderr (there is none when stderr is not a terminal)")
	}
	fs.StringVar(&f.mode, "mode", "", "simulate every call in this mode instead of the mode its session recorded")
	fs.StringVar(&f.since, "since", "", "only calls at or after this time (2026-11-01, RFC 3339, or 7d / 36h back)")
	fs.IntVar(&f.newest, "newest", 0, "only the newest N shell, file-tool, web and MCP calls (0: all)")
	fs.IntVar(&f.workers, "workers", 0, "decision workers (default: GOMAXPROCS)")
	fs.StringVar(&f.home, "user-home", "", "home folder whose user settings (~/.claude/settings.json, …) apply to every call (default: the home each call was ingested from; yours for calls that record none)")
	fs.StringVar(&f.trust, "trust", "", "yes|no: override every project's trust record")
	fs.StringArrayVar(&f.roots, "root", nil, "OLD=NEW: find projects recorded under OLD (on another machine) under NEW here; HOME:OLD=NEW only for calls ingested from HOME (repeatable)")
	f.registerProjects(fs)
	f.registerEnv(fs)
}

// registerProjects adds --projects, shared with nightly.
func (f *replayFlags) registerProjects(fs interface {
	StringArrayVar(*[]string, string, []string, string)
}) {
	fs.StringArrayVar(&f.projects, "projects", nil, "DIR: search DIR (6 levels deep, not .git or node_modules) for the folder of calls that record only its hash (Gemini CLI); --root's NEW folders are searched too (repeatable)")
}

// registerHooks adds the hook flags of DESIGN.md's replay contract
// (hookflags.go).
func (f *replayFlags) registerHooks(fs *pflag.FlagSet) { f.registerHookFlags(fs, true) }

// simulators returns the harnesses replay decides with, with hooks run
// within the flags' limits when both hook flags are given.
func (f *replayFlags) simulators(cmd string, stderr io.Writer) (replay.Harnesses, error) {
	r, err := f.hookRunner(cmd, stderr)
	if err != nil {
		return nil, err
	}
	f.hookRun = r
	return registry.Simulators(registry.SimOptions{Hooks: r}), nil
}

func (f *replayFlags) options(progress io.Writer) (replay.Options, error) {
	since, err := parseWhen(f.since)
	if err != nil {
		return replay.Options{}, err
	}
	if f.newest < 0 {
		return replay.Options{}, usageError{msg: "--newest must be 0 or more"}
	}
	opts := replay.Options{Mode: engine.Mode(f.mode), Since: since, Newest: f.newest, Workers: f.workers, Progress: progress,
		RunHooks: f.hooksOn()}
	home := f.home
	if home == "" {
		home = defaultHome()
	} else {
		opts.ForceHome = true
	}
	if opts.Home, err = absHome("--user-home", home); err != nil {
		return opts, err
	}
	if opts.Trust, err = parseTrust(f.trust); err != nil {
		return opts, err
	}
	for _, r := range f.roots {
		m, err := replay.ParseRootMap(r)
		if err != nil {
			return opts, usageError{msg: err.Error()}
		}
		if m.Home != "" {
			// Rows record the home as ingest made it absolute.
			if m.Home, err = filepath.Abs(m.Home); err != nil {
				return opts, usageError{msg: err.Error()}
			}
		}
		opts.Roots = append(opts.Roots, m)
	}
	for _, p := range f.projects {
		abs, err := filepath.Abs(p)
		if err != nil {
			return opts, usageError{msg: fmt.Sprintf("--projects %s: %v", p, err)}
		}
		opts.Projects = append(opts.Projects, abs)
	}
	if opts.Env, err = f.envFunc(); err != nil {
		return opts, err
	}
	return opts, nil
}

func runReplay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var f replayFlags
	fs := newFlags("replay", "[--out DIR] [--mode MODE] [--since WHEN] [--newest N] [--workers N] [--shard K/N|auto/N] [--root OLD=NEW]... [--projects DIR]... [--managed H=DIR]... [--problems] [--run-hooks --replay-hooks [--hook-timeout SEC] [--hook-workers N] [--hook-sandbox on|off]]",
		`Decides every ingested shell, file-tool, web and MCP call against the rules of its own
project folder, in the permission mode its session recorded (a subagent's call
in its parent's mode; a call with neither in the mode the settings select),
and marks dangerous calls. Each project's rules are loaded once and shared by
all workers. Writes <out>/decisions and <out>/rules, replacing the last replay's.
No hook runs unless both --run-hooks and --replay-hooks are given; then each
call gets only its own project's hooks (plus the user and managed layers of
the home it came from), in Claude Code, Codex, Gemini CLI and Cursor; a hook
that hits --hook-timeout makes its call "unknown", and after two timeouts it
is not run again (said once). Hooks run inside bubblewrap as nobody
(project and system programs read-only, nothing else of the machine,
throwaway home and /tmp, no network) unless --hook-sandbox=off.
The summary counts the hooks that ran, timed out, or were skipped and why.

--shard K/N makes this run one of N workers over one store (K from 0 to
N-1; auto/N takes K from JOB_COMPLETION_INDEX, a Kubernetes Indexed Job's):
it decides only the projects whose folder hashes to K (FNV-1a 64 modulo N)
and writes their decisions and rules as files of its own, replacing its
earlier ones and those of unsharded runs or runs with another N, never the
other shards'. The N shards run at once (they share the store's writer
lock; ingest waits for them) and together write what one run writes;
report then reads every shard's decisions (docs/scale.md).

--problems lists every problem the last replay met (settings it could not
read, project folders not found, …; the summary shows five), by shard for a
sharded replay, without deciding again.

Example:
  permsim replay --since 7d --mode default
  permsim replay --problems
  parallel permsim replay --shard {}/4 ::: 0 1 2 3`, stderr)
	f.register(fs, true)
	f.registerHooks(fs)
	shardFlag := fs.String("shard", "", "K/N or auto/N: decide only the projects of shard K of N (auto: K is $JOB_COMPLETION_INDEX)")
	problems := fs.Bool("problems", false, "list every problem the last replay met (the summary shows five), and exit without deciding")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *problems {
		if fs.NArg() != 0 {
			return usageError{msg: "--problems takes no argument"}
		}
		if err := checkLocal("--out", f.out); err != nil {
			return err
		}
		return writeProblems(f.out, stdout)
	}
	opts, err := f.options(progressWriter(stderr))
	if err != nil {
		return err
	}
	if *shardFlag != "" {
		if opts.Shard, err = replay.ParseShard(*shardFlag, os.Getenv); err != nil {
			return usageError{msg: err.Error()}
		}
		if opts.Newest > 0 {
			return usageError{msg: "--newest cannot be used with --shard (the newest calls of the whole store are not known to one shard)"}
		}
	}
	if err := checkLocal("--out", f.out); err != nil {
		return err
	}
	hs, err := f.simulators("replay", stderr)
	if err != nil {
		return err
	}
	var release func()
	if opts.Shard.N > 0 {
		release, err = lockShard(ctx, f.out, opts.Shard, stderr)
	} else {
		release, err = lockStore(ctx, f.out, "replay", stderr)
	}
	if err != nil {
		return err
	}
	defer release()
	// A cache store's calls from pulled hosts are decided against each
	// host's settings snapshot (remote.Snapshots; none in a laptop's store).
	if opts.Snapshots, err = remote.Snapshots(f.out); err != nil {
		return err
	}
	memLimit(replayMemLimit)
	sum, err := replay.Run(ctx, f.out, opts, hs)
	fmt.Fprint(stderr, sum.String())
	reportHooks("replay", f.hookRun, stderr)
	return err
}

// writeProblems prints every problem of the last replay under out (replay
// --problems), one per line, or says that none was recorded.
func writeProblems(out string, stdout io.Writer) error {
	runs, err := replay.ReadProblems(out)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("no replay has recorded its problems in %s: run permsim replay --out %s first", out, out)
	}
	if err != nil {
		return err
	}
	for _, r := range runs {
		who := "the replay"
		if r.Shard != "" {
			who = "shard " + r.Shard
		}
		n := fmt.Sprintf("%d problems", len(r.Problems))
		if len(r.Problems) == 1 {
			n = "1 problem"
		}
		fmt.Fprintf(stdout, "%s of %s (finished %s):\n", n, who, r.Finished.Format(time.RFC3339))
		for _, p := range r.Problems {
			fmt.Fprintf(stdout, "  %s\n", textsafe.Escape(p))
		}
	}
	return nil
}

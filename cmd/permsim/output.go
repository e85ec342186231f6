package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/spf13/pflag"

	"github.com/permsim/permsim/internal/secrets"
)

// Every command's stdout and stderr are outWriters (run wraps them before
// a command sees them), so two rules hold for all commands at one place
// instead of in each one's printing:
//
//   - Nothing leaves permsim with a credential in clear unless the user
//     gave --show-secrets: each line is masked by a secrets.Masker (text,
//     JSON, SARIF alike), whatever printed it — a rule in `rules`, a
//     command echoed by `decide` or `danger explain`, nightly's new:
//     lines, a message on stderr. The report and `sql` also mask their
//     cells before formatting (an HTML page or a CSV cell hides a secret
//     behind its escapes); masking a masked line again changes nothing.
//   - A write that fails is not lost: the first error is kept, later
//     writes return it, and run reports it on stderr and exits 2 (issue
//     27: `battery > /dev/full` printed nothing and exited 0).
type outWriter struct {
	mu   sync.Mutex
	w    io.Writer
	show *atomic.Bool // shared by stdout and stderr: set by --show-secrets
	// masker is shared by stdout and stderr too: a secret found on one
	// is masked wherever it shows up again (secrets.Masker).
	masker *secrets.Masker
	// lines holds back a line until it ends (stdout): a secret written in
	// two pieces (a bufio or csv writer's 4 KiB blocks) is masked whole.
	// stderr is masked one Write at a time, so that progress drawn with
	// \r shows at once; its writers write whole messages.
	lines   bool
	pending []byte
	err     error
}

// maxPending bounds a line held back: a longer one is masked and written
// in pieces of this size.
const maxPending = 1 << 20

// wrapOutputs makes the outWriters of a run.
func wrapOutputs(stdout, stderr io.Writer) (*outWriter, *outWriter) {
	show, m := new(atomic.Bool), new(secrets.Masker)
	return &outWriter{w: stdout, show: show, masker: m, lines: true}, &outWriter{w: stderr, show: show, masker: m}
}

func (o *outWriter) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return 0, o.err
	}
	if o.show.Load() {
		o.flushLocked()
		o.write(p)
		return len(p), o.err
	}
	if !o.lines {
		o.write(o.maskLines(p))
		return len(p), o.err
	}
	o.pending = append(o.pending, p...)
	if i := bytes.LastIndexByte(o.pending, '\n'); i >= 0 {
		o.write(o.maskLines(o.pending[:i+1]))
		o.pending = append(o.pending[:0], o.pending[i+1:]...)
	}
	if len(o.pending) >= maxPending {
		o.flushLocked()
	}
	return len(p), o.err
}

func (o *outWriter) write(p []byte) {
	if o.err != nil || len(p) == 0 {
		return
	}
	if _, err := o.w.Write(p); err != nil {
		o.err = err
	}
}

// flushLocked writes what is held back, masked unless --show-secrets.
func (o *outWriter) flushLocked() {
	if len(o.pending) == 0 {
		return
	}
	if o.show.Load() {
		o.write(o.pending)
	} else {
		o.write(o.maskLines(o.pending))
	}
	o.pending = o.pending[:0]
}

// Flush writes a last line that did not end and returns the first write
// error.
func (o *outWriter) Flush() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.flushLocked()
	return o.err
}

// File is the file under the writer, for telling a terminal (colour, the
// progress bar); nil when it is not a file.
func (o *outWriter) File() *os.File {
	f, _ := o.w.(*os.File)
	return f
}

// maskLines masks each line of p.
func (o *outWriter) maskLines(p []byte) []byte {
	var out []byte
	for len(p) > 0 {
		line := p
		end := bytes.IndexByte(p, '\n')
		if end >= 0 {
			line = p[:end+1]
		}
		p = p[len(line):]
		body := bytes.TrimSuffix(line, []byte("\n"))
		masked := o.masker.Line(string(body))
		out = append(out, masked...)
		out = append(out, line[len(body):]...)
	}
	return out
}

// fileOf is the file under w (an outWriter's or w itself), for telling a
// terminal.
func fileOf(w io.Writer) (*os.File, bool) {
	switch x := w.(type) {
	case *os.File:
		return x, true
	case *outWriter:
		f := x.File()
		return f, f != nil
	}
	return nil, false
}

// showSecretsFlag registers --show-secrets on fs: given, it turns the
// masking of this run's output off (stdout and stderr), and the returned
// bool tells the command (the report and sql mask their own cells too).
func showSecretsFlag(fs *pflag.FlagSet, stdout io.Writer, usage string) *bool {
	v := &showSecrets{out: stdout}
	fs.VarPF(v, "show-secrets", "", usage).NoOptDefVal = "true"
	return &v.on
}

// showSecretsUsage is --show-secrets' help, the same for every command.
const showSecretsUsage = "show tokens, keys and passwords in the output instead of masking them as " + secrets.Mask

// showSecrets is --show-secrets' value.
type showSecrets struct {
	on  bool
	out io.Writer
}

func (s *showSecrets) Set(v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return err
	}
	s.on = b
	if o, ok := s.out.(*outWriter); ok {
		o.show.Store(b)
	}
	return nil
}

func (s *showSecrets) String() string { return strconv.FormatBool(s.on) }
func (s *showSecrets) Type() string   { return "bool" }

// run is permsim with its output wrapped (outWriter): the command's exit
// code, or 2 when its output could not be written.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, errw := wrapOutputs(stdout, stderr)
	code := dispatch(ctx, args, stdin, out, errw)
	// A command that failed on its own said why (often this very error).
	if err := out.Flush(); err != nil && code < 2 {
		name := "permsim"
		if len(args) > 0 {
			name += " " + args[0]
		}
		fmt.Fprintf(errw, "%s: writing the output: %v\n", name, err)
		code = max(code, 2)
	}
	errw.Flush()
	return code
}

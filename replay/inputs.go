package replay

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/safefile"
)

// InputsFile is the file under the output folder where Run records what the
// decisions and rules tables were made from: the calls table, every policy
// (its compiled value and the files it names), the options and the permsim
// build. With Options.SkipUnchanged, a later Run that finds all of it the
// same keeps the tables instead of deciding every call again (the nightly
// job with nothing new).
const InputsFile = "replay-inputs.json"

// inputsVersion is the layout of InputsFile; a record of another version is
// never matched.
const inputsVersion = 1

// inputs is what InputsFile holds.
type inputs struct {
	Version int `json:"version"`
	// Build identifies the permsim that decided: the engine version, the
	// module version and VCS revision, and the executable's path, size and
	// time (a rebuilt binary never matches an older record).
	Build string `json:"build"`
	// Options is every option that changes which calls are decided or how.
	Options string `json:"options"`
	// Calls, Decisions and Rules identify the tables: every file's path,
	// size and modification time, hashed. Decisions and Rules are those
	// this run wrote; if anything else replaced them, nothing is skipped.
	Calls     string `json:"calls"`
	Decisions string `json:"decisions"`
	Rules     string `json:"rules"`
	// Policies are the policies the run loaded, in key order.
	Policies []policyInput `json:"policies"`
	// Finished is when the run ended; Summary is what it printed.
	Finished time.Time     `json:"finished"`
	Summary  storedSummary `json:"summary"`
}

// policyInput is one policy a run loaded: its key, and the fingerprint of
// what Load built from the settings.
type policyInput struct {
	Harness     string `json:"harness"`
	Project     string `json:"project"`
	Home        string `json:"home"`
	From        string `json:"from"`
	Host        string `json:"host,omitempty"` // the host whose settings snapshot it was loaded from
	Fingerprint string `json:"fingerprint"`
	// Files are the settings files the policy's rules and problems name,
	// with their size and content hash (for the reader of this file; the
	// fingerprint holds them too).
	Files []fileInput `json:"files,omitempty"`
}

type fileInput struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256,omitempty"` // empty: the file is not there
}

// storedSummary is the part of a Summary a skipped run prints again.
type storedSummary struct {
	Calls     int            `json:"calls"`
	Skipped   map[string]int `json:"skipped"`
	Policies  int            `json:"policies"`
	Outcomes  map[string]int `json:"outcomes"`
	Dangerous int            `json:"dangerous"`
	Problems  []string       `json:"problems"`
}

// BuildID identifies the running permsim: the engine version, the module
// version and VCS settings, and the executable's path, size and time, so a
// rebuilt binary never matches a record of another ("" when the executable
// cannot be found: then nothing is ever matched).
func BuildID() string {
	var b strings.Builder
	b.WriteString(EngineVersion)
	if bi, ok := debug.ReadBuildInfo(); ok {
		b.WriteString(" " + bi.Main.Path + "@" + bi.Main.Version)
		for _, s := range bi.Settings {
			if strings.HasPrefix(s.Key, "vcs.") {
				b.WriteString(" " + s.Key + "=" + s.Value)
			}
		}
	}
	exe, err := os.Executable()
	if err != nil {
		// Without the executable's identity a rebuilt binary could not be
		// told apart: a build that cannot say never matches.
		return ""
	}
	st, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	fmt.Fprintf(&b, " %s %d %d", exe, st.Size(), st.ModTime().UnixNano())
	return b.String()
}

// optionsID renders the options that change which calls are decided or how
// (not Workers or Progress).
func optionsID(o Options) string {
	trust := "settings"
	if o.Trust != nil {
		trust = fmt.Sprint(*o.Trust)
	}
	since := ""
	if !o.Since.IsZero() {
		since = o.Since.UTC().Format(time.RFC3339Nano)
	}
	parts := []any{string(o.Mode), since, o.Newest, o.Home, o.ForceHome, trust, o.Roots, o.RunHooks, o.Snapshots}
	if len(o.Projects) > 0 {
		// Only when given: a store replayed without it keeps its record.
		parts = append(parts, o.Projects)
	}
	data, _ := json.Marshal(parts)
	return string(data)
}

// fingerprint identifies what lp was built from: the compiled policy's
// whole value (every field, followed through pointers; see deepHash), its
// rules and problems, where the project was found, and the content of
// every file its rules and problems name. It is taken right after Load,
// before any call is decided. "" means the policy could not be
// fingerprinted, and never matches.
func fingerprint(lp *loadedPolicy) (string, []fileInput) {
	h := sha256.New()
	fmt.Fprintf(h, "dir %q home %q missing %v\n", lp.dir, lp.home, lp.missing)
	if lp.err != nil {
		fmt.Fprintf(h, "error %q\n", lp.err.Error())
		return hex.EncodeToString(h.Sum(nil)), nil
	}
	if lp.policy == nil {
		return "", nil
	}
	names := map[string]bool{}
	for _, r := range lp.policy.Rules() {
		fmt.Fprintf(h, "rule %q %q %q %q %v %q\n", r.File, r.Layer, r.List, r.Rule, r.InForce, r.Why)
		if r.File != "" {
			names[r.File] = true
		}
	}
	for _, p := range engine.ProblemsOf(lp.policy) {
		fmt.Fprintf(h, "problem %s\n", p.String())
		if p.File != "" {
			names[p.File] = true
		}
	}
	if sf, ok := lp.policy.(engine.SettingsFiler); ok {
		// Every file the policy was read from, rules or not (a file that
		// sets only the mode): push snapshots what is listed here.
		for _, name := range sf.SettingsFiles() {
			names[name] = true
		}
	}
	for _, m := range lp.policy.Modes() {
		fmt.Fprintf(h, "mode %q\n", m)
	}
	var files []fileInput
	for name := range names {
		files = append(files, hashFile(name))
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	for _, f := range files {
		fmt.Fprintf(h, "file %q %d %s\n", f.Path, f.Size, f.SHA256)
	}
	dh := deepHasher{budget: deepHashBudget}
	dh.value(h, reflect.ValueOf(lp.policy), 0)
	if dh.budget < 0 {
		return "", files
	}
	return hex.EncodeToString(h.Sum(nil)), files
}

// hashFile is the size and content hash of one settings file (SHA256 empty
// when it cannot be read: a file that appears later then changes it).
func hashFile(name string) fileInput {
	fi := fileInput{Path: name, Size: -1}
	// safefile.Open: a FIFO in a settings file's place made replay and
	// nightly wait for a writer forever here (issue 27).
	f, err := safefile.Open(name)
	if err != nil {
		return fi
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return fi
	}
	h := sha256.New()
	// Settings files are small; a huge one is hashed in part, with its size
	// and time standing for the rest.
	n, err := io.Copy(h, io.LimitReader(f, 64<<20))
	if err != nil {
		return fi
	}
	if n < st.Size() {
		fmt.Fprintf(h, " %d", st.ModTime().UnixNano())
	}
	fi.Size, fi.SHA256 = st.Size(), hex.EncodeToString(h.Sum(nil))
	return fi
}

// deepHashBudget bounds the values deepHash visits for one policy: a value
// larger than that (or a pointer graph that fans out) is not fingerprinted,
// and its runs are never skipped.
const deepHashBudget = 4 << 20

// deepHasher writes a canonical rendering of a value: every field, exported
// or not, followed through pointers and interfaces; map entries in the
// order of their own hashes, so the rendering does not depend on map
// order. Addresses are never written (a pointer's target is); a pointer
// already on the path being rendered (a cycle) is written as such.
// Functions, channels and unsafe pointers are written by type and nil-ness
// only: what a policy decides with is expected in its data.
type deepHasher struct {
	budget int
	path   []uintptr
	buf    [8]byte
}

func (x *deepHasher) u64(h hash.Hash, v uint64) {
	binary.LittleEndian.PutUint64(x.buf[:], v)
	h.Write(x.buf[:])
}

func (x *deepHasher) str(h hash.Hash, s string) {
	x.u64(h, uint64(len(s)))
	io.WriteString(h, s)
}

func (x *deepHasher) value(h hash.Hash, v reflect.Value, depth int) {
	x.budget--
	if x.budget < 0 || depth > 1000 {
		x.budget = -1
		return
	}
	if !v.IsValid() {
		io.WriteString(h, "<invalid>")
		return
	}
	h.Write([]byte{byte(v.Kind())})
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			h.Write([]byte{1})
		} else {
			h.Write([]byte{0})
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x.u64(h, uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		x.u64(h, v.Uint())
	case reflect.Uintptr, reflect.UnsafePointer, reflect.Chan, reflect.Func:
		// An address or code: only its type and whether it is set.
		x.str(h, v.Type().String())
		if v.IsNil() {
			h.Write([]byte{0})
		} else {
			h.Write([]byte{1})
		}
	case reflect.Float32, reflect.Float64:
		x.u64(h, math.Float64bits(v.Float()))
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		x.u64(h, math.Float64bits(real(c)))
		x.u64(h, math.Float64bits(imag(c)))
	case reflect.String:
		x.str(h, v.String())
	case reflect.Array:
		x.u64(h, uint64(v.Len()))
		for i := range v.Len() {
			x.value(h, v.Index(i), depth+1)
		}
	case reflect.Slice:
		if v.IsNil() {
			h.Write([]byte{0})
			return
		}
		x.u64(h, uint64(v.Len()))
		if v.Type().Elem().Kind() == reflect.Uint8 {
			x.budget -= v.Len() / 64
			h.Write(v.Bytes())
			return
		}
		for i := range v.Len() {
			x.value(h, v.Index(i), depth+1)
		}
	case reflect.Struct:
		t := v.Type()
		x.str(h, t.String())
		for i := range v.NumField() {
			x.str(h, t.Field(i).Name)
			x.value(h, v.Field(i), depth+1)
		}
	case reflect.Interface:
		if v.IsNil() {
			h.Write([]byte{0})
			return
		}
		e := v.Elem()
		x.str(h, e.Type().String())
		x.value(h, e, depth+1)
	case reflect.Pointer:
		if v.IsNil() {
			h.Write([]byte{0})
			return
		}
		p := v.Pointer()
		for _, q := range x.path {
			if q == p {
				io.WriteString(h, "<cycle>")
				return
			}
		}
		x.path = append(x.path, p)
		x.value(h, v.Elem(), depth+1)
		x.path = x.path[:len(x.path)-1]
	case reflect.Map:
		if v.IsNil() {
			h.Write([]byte{0})
			return
		}
		x.u64(h, uint64(v.Len()))
		sums := make([][sha256.Size]byte, 0, v.Len())
		it := v.MapRange()
		for it.Next() {
			eh := sha256.New()
			x.value(eh, it.Key(), depth+1)
			x.value(eh, it.Value(), depth+1)
			var s [sha256.Size]byte
			eh.Sum(s[:0])
			sums = append(sums, s)
		}
		sort.Slice(sums, func(i, j int) bool { return string(sums[i][:]) < string(sums[j][:]) })
		for _, s := range sums {
			h.Write(s[:])
		}
	default:
		x.str(h, v.Type().String())
	}
}

// readInputs reads the record under outDir (nil when there is none or it
// cannot be read: then nothing is skipped).
func readInputs(outDir string) *inputs {
	data, err := os.ReadFile(filepath.Join(outDir, InputsFile))
	if err != nil {
		return nil
	}
	var rec inputs
	if json.Unmarshal(data, &rec) != nil || rec.Version != inputsVersion {
		return nil
	}
	return &rec
}

// keepUnchanged reports whether the tables under outDir can stay as they
// are: the record says this permsim made them with these options from the
// calls table as it is now, the tables are still the ones it wrote, and
// every policy it used loads to the same fingerprint today. It then returns
// the recorded run's summary.
func keepUnchanged(outDir string, opts Options, hs Harnesses) (Summary, bool) {
	start := time.Now()
	rec := readInputs(outDir)
	if rec == nil || opts.RunHooks {
		return Summary{}, false
	}
	if b := BuildID(); b == "" || b != rec.Build || optionsID(opts) != rec.Options {
		return Summary{}, false
	}
	for _, t := range []struct{ table, id string }{{callsTable, rec.Calls}, {DecisionsTable, rec.Decisions}, {RulesTable, rec.Rules}} {
		if id, err := dataset.TableID(outDir, t.table); err != nil || id != t.id {
			return Summary{}, false
		}
	}
	// The calls and options are the same, so the same policies would be
	// loaded: load each again and compare what it was built from.
	d := newDecider(opts, hs)
	d.fingerprints = true
	for _, p := range rec.Policies {
		lp := d.loadPolicy(policyKey{harness: p.Harness, project: p.Project, home: p.Home, from: p.From, host: p.Host})
		if lp.fingerprint == "" || lp.fingerprint != p.Fingerprint {
			return Summary{}, false
		}
	}
	s := rec.Summary
	sum := Summary{Calls: s.Calls, Skipped: s.Skipped, Policies: s.Policies, Outcomes: s.Outcomes,
		Dangerous: s.Dangerous, Problems: s.Problems, Kept: rec.Finished, Elapsed: time.Since(start)}
	if sum.Skipped == nil {
		sum.Skipped = map[string]int{}
	}
	if sum.Outcomes == nil {
		sum.Outcomes = map[string]int{}
	}
	return sum, true
}

// callsTable is ingest.CallsTable (named here so that the record's code
// reads on its own).
const callsTable = "calls"

// writeInputs records what the tables Run has just written were made from.
// callsID is the calls table's identity when Run started (the writer lock
// keeps it from changing during the run).
func writeInputs(outDir string, opts Options, d *decider, callsID string) error {
	rec := inputs{Version: inputsVersion, Build: BuildID(), Options: optionsID(opts), Calls: callsID, Finished: time.Now().UTC(),
		Summary: storedSummary{Calls: d.sum.Calls, Skipped: d.sum.Skipped, Policies: d.sum.Policies,
			Outcomes: d.sum.Outcomes, Dangerous: d.sum.Dangerous, Problems: d.sum.Problems}}
	if rec.Build == "" {
		return nil
	}
	var err error
	if rec.Decisions, err = dataset.TableID(outDir, DecisionsTable); err != nil {
		return err
	}
	if rec.Rules, err = dataset.TableID(outDir, RulesTable); err != nil {
		return err
	}
	for k, lp := range d.policies {
		if lp.fingerprint == "" {
			// Not fingerprinted: the next run decides again.
			return nil
		}
		rec.Policies = append(rec.Policies, policyInput{Harness: k.harness, Project: k.project, Home: k.home, From: k.from, Host: k.host,
			Fingerprint: lp.fingerprint, Files: lp.files})
	}
	sort.Slice(rec.Policies, func(i, j int) bool {
		a, b := rec.Policies[i], rec.Policies[j]
		return fmt.Sprint(a.Harness, "\x00", a.Project, "\x00", a.Home, "\x00", a.From, "\x00", a.Host) < fmt.Sprint(b.Harness, "\x00", b.Project, "\x00", b.Home, "\x00", b.From, "\x00", b.Host)
	})
	data, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return err
	}
	return dataset.WriteSideFile(outDir, InputsFile, data)
}

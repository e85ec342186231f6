package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/queries"
	"github.com/permsim/permsim/replay"
)

// nightlyReportName is the file under the store where nightly keeps its
// last report, after a line saying what it was made from: a run with
// nothing new (the same tables, options and permsim) prints it again
// instead of querying every table (4 s of CPU on a 1 GB corpus).
const nightlyReportName = "nightly-report.cache"

// reportKey identifies what a report of out would be made from: the files
// of the calls, decisions and rules tables, the format and options, and
// the permsim build (ok false when one of them cannot be told).
func reportKey(out, format string, opts queries.RiskOptions) (key string, ok bool) {
	build := replay.BuildID()
	if build == "" {
		return "", false
	}
	h := sha256.New()
	fmt.Fprintf(h, "report 1\n%s\n%s\n", build, format)
	data, err := json.Marshal(opts)
	if err != nil {
		return "", false
	}
	h.Write(data)
	for _, t := range []string{"calls", replay.DecisionsTable, replay.RulesTable} {
		id, err := dataset.TableID(out, t)
		if err != nil {
			return "", false
		}
		fmt.Fprintf(h, "\n%s %s", t, id)
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// cachedReport writes to w the report write makes, or the same bytes from
// the cache under out when nothing the report is made from changed since it
// was kept. The cache is only an optimisation: failing to read or keep it
// never fails the report.
func cachedReport(out, format string, opts queries.RiskOptions, w io.Writer, write func(io.Writer) error) error {
	path := filepath.Join(out, nightlyReportName)
	key, ok := reportKey(out, format, opts)
	if ok {
		if data, err := os.ReadFile(path); err == nil {
			if k, body, found := bytes.Cut(data, []byte("\n")); found && string(k) == key {
				_, err := w.Write(body)
				return err
			}
		}
	}
	var buf bytes.Buffer
	err := write(&buf)
	if _, werr := w.Write(buf.Bytes()); err == nil {
		err = werr
	}
	if err != nil || !ok {
		return err
	}
	// Kept only if nothing changed while the report was made.
	if again, ok := reportKey(out, format, opts); !ok || again != key {
		return nil
	}
	// A report that cannot be kept is made again next time.
	_ = dataset.WriteSideFile(out, nightlyReportName, append([]byte(key+"\n"), buf.Bytes()...))
	return nil
}

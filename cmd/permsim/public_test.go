package main

import (
	"archive/tar"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// publicHomes is the real-data fixture: 21 session files of four real
// harnesses that their authors published (fixtures/public-transcripts),
// laid out as the harnesses' homes by testdata/public/layout.py and kept
// as one compressed tar (testdata/public/README.md).
const publicHomes = "../../testdata/public/homes.tar.zst"

// publicHome unpacks the real-data fixture into a folder of the test and
// returns it: the home to ingest.
func publicHome(t *testing.T) string {
	t.Helper()
	f, err := os.Open(publicHomes)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := zstd.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	home := t.TempDir()
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Clean(h.Name)
		if strings.HasPrefix(name, "..") || filepath.IsAbs(name) {
			t.Fatalf("%s: %s leaves the home", publicHomes, h.Name)
		}
		p := filepath.Join(home, name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			out, err := os.Create(p)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := io.Copy(out, tr); err != nil {
				t.Fatal(err)
			}
			if err := out.Close(); err != nil {
				t.Fatal(err)
			}
		}
	}
	return home
}

// publicReplayed is a store of the real-data fixture, ingested and
// replayed (about a second). The project folders the transcripts name are
// not on this machine, as on any machine but their authors', and the
// user's home is an empty folder.
func publicReplayed(t *testing.T) string {
	t.Helper()
	home := publicHome(t)
	out := filepath.Join(t.TempDir(), "store")
	mustRun(t, "ingest", "--home", home, "--out", out)
	mustRun(t, "replay", "--out", out, "--user-home", t.TempDir())
	return out
}

package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFolders(t *testing.T) {
	if _, _, err := (Env{}).Folders("x"); err == nil || err.Error() != "x: no project folder given" {
		t.Errorf("no project: %v", err)
	}
	wd, _ := os.Getwd()
	p, h, err := Env{ProjectDir: "a/../b/", HomeDir: "/h//u/"}.Folders("x")
	if err != nil || p != filepath.Join(wd, "b") || h != "/h/u" {
		t.Errorf("Folders = %q, %q, %v; want the project absolute and both clean", p, h, err)
	}
	// No home given: the user's own.
	if _, h, _ := (Env{ProjectDir: "/p"}).Folders("x"); h == "" || strings.HasSuffix(h, "/") && h != "/" {
		t.Errorf("default home %q", h)
	}
}

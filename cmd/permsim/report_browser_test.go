package main

import (
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// chromium finds Debian's chromium (CI installs it: .ci/run).
func chromium() string {
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	return ""
}

// Issue 16: "Checked in a real browser: a test … renders the demo report
// headless, takes a screenshot, and checks the DOM for every chart and
// table; the screenshot is kept as a CI artifact under bin/". The demo
// store is built as `make demo` builds it; the page and the screenshot
// are left in bin/report.html and bin/report.png.
func TestReportInBrowser(t *testing.T) {
	browser := chromium()
	if browser == "" {
		t.Skip("chromium not installed (apt-get install chromium): the HTML report is not checked in a browser")
	}
	home, root := demoArgs(t)
	out := t.TempDir()
	if code, _, stderr := runCLI(t, "", "nightly", "--home", home, "--out", out, "--root", "/home="+root, "--format", "json"); code != 0 {
		t.Fatalf("nightly: exit %d\n%s", code, stderr)
	}
	code, page, stderr := runCLI(t, "", "report", "--out", out, "--format", "html")
	if code != 0 {
		t.Fatalf("report: exit %d\n%s", code, stderr)
	}
	bin, err := filepath.Abs(filepath.Join("..", "..", "bin"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	htmlPath := filepath.Join(bin, "report.html")
	pngPath := filepath.Join(bin, "report.png")
	os.Remove(pngPath)
	if err := os.WriteFile(htmlPath, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		// A profile folder of its own, so parallel runs do not share one;
		// --no-sandbox because CI runs as root.
		base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
			"--user-data-dir=" + t.TempDir()}
		cmd := exec.CommandContext(ctx, browser, append(append(base, args...), "file://"+htmlPath)...)
		var stdout, errb strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("chromium %v: %v\n%s", args, err, errb.String())
		}
		return stdout.String()
	}

	const width, height = 1280, 4200
	run("--screenshot="+pngPath, "--window-size=1280,4200")
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatalf("%s: %v", pngPath, err)
	}
	if b := img.Bounds(); b.Dx() != width || b.Dy() != height {
		t.Errorf("screenshot is %dx%d, want %dx%d", b.Dx(), b.Dy(), width, height)
	}
	// A page that did not render is one colour: count the pixels that are
	// neither the background nor near it, and the saturated red of the
	// risky bars.
	var ink, red int
	for y := 0; y < height; y += 4 {
		for x := 0; x < width; x += 4 {
			r, g, b, _ := img.At(x, y).RGBA()
			r, g, b = r>>8, g>>8, b>>8
			if r < 200 || g < 200 || b < 200 {
				ink++
			}
			if r > 190 && g < 70 && b < 70 {
				red++
			}
		}
	}
	if ink < 2000 || red < 200 {
		t.Errorf("screenshot looks blank: %d inked and %d red sample pixels", ink, red)
	}

	dom := run("--dump-dom")
	for _, id := range []string{"chart-approved", "chart-weekly", "chart-by-file", "chart-by-project", "chart-by-harness-mode", "chart-outcome-groups", "chart-undecided"} {
		i := strings.Index(dom, `id="`+id+`"`)
		if i < 0 {
			t.Errorf("the DOM has no chart %s", id)
			continue
		}
		svg := dom[i:]
		if end := strings.Index(svg, "</svg>"); end >= 0 {
			svg = svg[:end]
		}
		if strings.Count(svg, "<rect") == 0 {
			t.Errorf("chart %s has no bar", id)
		}
	}
	for _, id := range []string{"table-approved-by", "table-weekly", "table-by-file", "table-by-project", "table-by-harness-mode", "table-outcome-groups", "table-outcomes", "table-dangerous-results", "table-undecided"} {
		if !regexp.MustCompile(`<table id="` + id + `"[^>]*>[\s\S]*?<td`).MatchString(dom) {
			t.Errorf("the DOM has no table %s with cells", id)
		}
	}
	// The contents link to every section, and every link has its anchor.
	for _, m := range regexp.MustCompile(`<a href="#([a-z-]+)">`).FindAllStringSubmatch(dom, -1) {
		if !strings.Contains(dom, `id="`+m[1]+`"`) {
			t.Errorf("contents link #%s has no anchor", m[1])
		}
	}
	t.Logf("screenshot: %s", pngPath)
}

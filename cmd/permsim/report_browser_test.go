package main

import (
	"context"
	"encoding/json"
	stdhtml "html"
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

// measureScript, added to a copy of the page, has the browser measure
// every text of every chart and write down, on the body, those that run
// past their chart's edges (cut off), and every bar of the weekly chart
// with its week and its left edge.
const measureScript = `<script>
addEventListener("load", () => {
  const cut = [], bars = [];
  for (const svg of document.querySelectorAll("svg.chart")) {
    const vb = svg.viewBox.baseVal;
    for (const t of svg.querySelectorAll("text")) {
      const b = t.getBBox();
      if (b.x < vb.x - 0.5 || b.x + b.width > vb.x + vb.width + 0.5) cut.push(svg.id + ": " + t.textContent);
    }
  }
  for (const g of document.querySelectorAll("#chart-weekly g[data-week]")) {
    const r = g.querySelector("rect");
    if (r) bars.push([g.dataset.week, r.x.baseVal.value, r.width.baseVal.value]);
  }
  document.body.dataset.cut = JSON.stringify(cut);
  document.body.dataset.bars = JSON.stringify(bars);
});
</script>`

// TestReportInBrowserRealData renders the report of the real-data
// fixture — long rules, reasons and commands, weeks months apart — in
// chromium and checks what a reader sees: no chart text runs past its
// chart, every shortened label ends at a word (the whole of it in the
// tooltip), and the weekly chart's axis is by time: each bar is placed at
// its week, so a gap of 11 empty weeks takes 11 weeks' width.
func TestReportInBrowserRealData(t *testing.T) {
	browser := chromium()
	if browser == "" {
		t.Skip("chromium not installed (apt-get install chromium): the HTML report is not checked in a browser")
	}
	store := publicReplayed(t)
	page := mustRun(t, "report", "--out", store, "--format", "html")

	// Every chart label shortened ends at a word of its full text, which
	// its tooltip (the title of its group) holds.
	label := regexp.MustCompile(`<g><title>([^<]*)</title><text [^>]*class="cl"[^>]*>([^<]*)</text>`)
	n := 0
	for _, m := range label.FindAllStringSubmatch(page, -1) {
		full, shown := stdhtmlUnescape(m[1]), stdhtmlUnescape(m[2])
		if shown == full || strings.HasPrefix(full, shown) {
			continue
		}
		n++
		prefix, ok := strings.CutSuffix(shown, "…")
		prefix = strings.TrimRight(prefix, " ")
		if !ok || !strings.HasPrefix(full, prefix) || len(full) > len(prefix) && !strings.ContainsAny(full[len(prefix):len(prefix)+1], " /-_.,:;()") {
			t.Errorf("chart label %q is %q cut mid-word", full, shown)
		}
	}

	dir := t.TempDir()
	htmlPath := filepath.Join(dir, "report.html")
	if err := os.WriteFile(htmlPath, []byte(strings.Replace(page, "</body>", measureScript+"</body>", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
		"--window-size=1280,4000", "--user-data-dir="+t.TempDir(), "--dump-dom", "file://"+htmlPath)
	var stdout, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, errb.String())
	}
	dom := stdout.String()
	attr := func(name string) string {
		m := regexp.MustCompile(`data-` + name + `="([^"]*)"`).FindStringSubmatch(dom)
		if m == nil {
			t.Fatalf("the page did not measure itself (no data-%s on the body)", name)
		}
		return stdhtmlUnescape(m[1])
	}
	var cut []string
	if err := json.Unmarshal([]byte(attr("cut")), &cut); err != nil {
		t.Fatal(err)
	}
	for _, c := range cut {
		t.Errorf("chart text runs past its chart's edge: %s", c)
	}
	var bars [][3]any
	if err := json.Unmarshal([]byte(attr("bars")), &bars); err != nil {
		t.Fatal(err)
	}
	if len(bars) < 3 {
		t.Fatalf("the weekly chart has %d bars with a week", len(bars))
	}
	// The distance between two bars is their weeks apart times one
	// week's width, the same all along the axis.
	week := func(i int) time.Time {
		w, _ := time.Parse(time.DateOnly, bars[i][0].(string))
		return w
	}
	x := func(i int) float64 { return bars[i][1].(float64) }
	perWeek := (x(len(bars)-1) - x(0)) / (week(len(bars)-1).Sub(week(0)).Hours() / (24 * 7))
	for i := 1; i < len(bars); i++ {
		weeks := week(i).Sub(week(i-1)).Hours() / (24 * 7)
		if got := x(i) - x(i-1); got < weeks*perWeek-1 || got > weeks*perWeek+1 {
			t.Errorf("weeks %s and %s are %.0f weeks apart but %.1f px (want %.1f): the axis is not by time", bars[i-1][0], bars[i][0], weeks, got, weeks*perWeek)
		}
	}
}

func stdhtmlUnescape(s string) string { return stdhtml.UnescapeString(s) }

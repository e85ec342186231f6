package danger

import (
	"slices"
	"strings"
	"testing"
)

// The reader of intent.tsv: comments and blank lines skipped, the header
// required first, three non-empty tab-separated fields, no id twice; every
// bad line reported with the file and line and the good ones kept.
func TestIntentReader(t *testing.T) {
	for _, c := range []struct {
		name, in string
		ids      []string // the rows read, in order
		intents  []string
		errs     []string // a fragment of each error, in order
	}{
		{
			name:    "header and rows",
			in:      "# what the file is\nid\tintent\treason\ni0001\tsecret-read\tunset variable: reads .env\nj0002\teveryday\ttypo: harmless\n",
			ids:     []string{"i0001", "j0002"},
			intents: []string{"secret-read", "everyday"},
		},
		{
			name:    "blank lines and later comments skipped",
			in:      "\n# c\n\nid\tintent\treason\n\n# more\ni0001\tdisk-system\tno terminal: fdisk\n",
			ids:     []string{"i0001"},
			intents: []string{"disk-system"},
		},
		{
			name: "no header",
			in:   "i0001\tsecret-read\treason\n",
			errs: []string{`intent.tsv:1: want the header "id\tintent\treason"`},
		},
		{
			name: "empty file has no header",
			in:   "# only a comment\n",
			errs: []string{"intent.tsv: no header"},
		},
		{
			name:    "too few fields, the run goes on",
			in:      "id\tintent\treason\ni0001\tsecret-read\ni0002\tforce-push\ttypo: refs/head/\n",
			ids:     []string{"i0002"},
			intents: []string{"force-push"},
			errs:    []string{"intent.tsv:2: 2 fields, want 3"},
		},
		{
			name: "too many fields",
			in:   "id\tintent\treason\ni0001\tsecret-read\tr\textra\n",
			errs: []string{"intent.tsv:2: 4 fields, want 3"},
		},
		{
			name: "an empty field",
			in:   "id\tintent\treason\ni0001\t\treason\n\tsecret-read\treason\ni0003\tsecret-read\t \n",
			errs: []string{"intent.tsv:2: empty field", "intent.tsv:3: empty field", "intent.tsv:4: empty field"},
		},
		{
			name:    "an id twice",
			in:      "id\tintent\treason\ni0001\tsecret-read\tr\ni0001\teveryday\tr\n",
			ids:     []string{"i0001"},
			intents: []string{"secret-read"},
			errs:    []string{"intent.tsv:3: i0001 given twice (first at intent.tsv:2)"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			rows, errs := readIntent(strings.NewReader(c.in), "intent.tsv")
			var ids, intents []string
			for _, r := range rows {
				ids = append(ids, r.ID)
				intents = append(intents, r.Intent)
			}
			if !slices.Equal(ids, c.ids) || !slices.Equal(intents, c.intents) {
				t.Errorf("rows %v %v; want %v %v", ids, intents, c.ids, c.intents)
			}
			if len(errs) != len(c.errs) {
				t.Fatalf("errors %v; want %d: %v", errs, len(c.errs), c.errs)
			}
			for i, e := range errs {
				if !strings.Contains(e.Error(), c.errs[i]) {
					t.Errorf("error %d: %q; want it to contain %q", i, e, c.errs[i])
				}
			}
		})
	}
}

// checkIntent refuses an id no part holds and a label that is neither
// everyday nor one of Categories, naming the row's file and line.
func TestIntentCheck(t *testing.T) {
	parts := map[string]string{"i0001": "dev", "y0002": "heldout12"}
	for _, c := range []struct {
		name string
		rows []intentLabel
		errs []string
	}{
		{"known ids and labels", []intentLabel{
			{ID: "i0001", Intent: "secret-read", where: "intent.tsv:3"},
			{ID: "y0002", Intent: "everyday", where: "intent.tsv:4"},
		}, nil},
		{"an id no part holds", []intentLabel{{ID: "z9999", Intent: "secret-read", where: "intent.tsv:3"}},
			[]string{"intent.tsv:3: z9999 is in no part"}},
		{"a label no category is", []intentLabel{{ID: "i0001", Intent: "dangerous", where: "intent.tsv:5"}},
			[]string{`intent.tsv:5: i0001: intent "dangerous" is neither everyday nor one of Categories`}},
		{"a category misspelt", []intentLabel{{ID: "y0002", Intent: "secret_read", where: "intent.tsv:6"}},
			[]string{`intent.tsv:6: y0002: intent "secret_read"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := checkIntent(c.rows, parts)
			if len(got) != len(c.errs) {
				t.Fatalf("errors %q; want %d: %q", got, len(c.errs), c.errs)
			}
			for i, e := range got {
				if !strings.Contains(e, c.errs[i]) {
					t.Errorf("error %d: %q; want it to contain %q", i, e, c.errs[i])
				}
			}
		})
	}
}

// relabel puts each intent label in place of its line's label: a category
// makes the line dangerous with that category, everyday makes it everyday
// with no category; lines without an intent label keep theirs.
func TestIntentRelabel(t *testing.T) {
	lines := []labelledLine{
		{ID: "a", Label: "everyday"},
		{ID: "b", Label: "dangerous", Category: "destructive-delete"},
		{ID: "c", Label: "everyday"},
		{ID: "d", Label: "dangerous", Category: "secret-read"},
	}
	byID := map[string]intentLabel{
		"a": {ID: "a", Intent: "cloud-destructive"},
		"b": {ID: "b", Intent: "everyday"},
		"d": {ID: "d", Intent: "secret-read"},
	}
	got, changed := relabel(lines, byID)
	want := []struct{ label, category string }{
		{"dangerous", "cloud-destructive"}, {"everyday", ""}, {"everyday", ""}, {"dangerous", "secret-read"},
	}
	for i, w := range want {
		if got[i].Label != w.label || got[i].Category != w.category {
			t.Errorf("%s: %s/%s; want %s/%s", got[i].ID, got[i].Label, got[i].Category, w.label, w.category)
		}
	}
	if changed != 2 {
		t.Errorf("changed %d lines; want 2 (a and b; d's intent is its label)", changed)
	}
	if lines[0].Label != "everyday" || lines[1].Category != "destructive-delete" {
		t.Errorf("relabel changed its input: %+v", lines[:2])
	}
}

// The reader of intent.tsv never panics or hangs, and every row it keeps
// has three non-empty fields and an id no other kept row has.
func FuzzIntentReader(f *testing.F) {
	f.Add("# c\nid\tintent\treason\ni0001\tsecret-read\tunset variable: r\n")
	f.Add("id\tintent\treason\ni0001\t\tr\ni0001\teveryday\tr\ni0001\teveryday\tr\n")
	f.Add("i0001\tsecret-read\n")
	f.Add("id\tintent\treason\r\na\tb\tc\r\n")
	f.Fuzz(func(t *testing.T, in string) {
		rows, _ := readIntent(strings.NewReader(in), "fuzz")
		seen := map[string]bool{}
		for _, r := range rows {
			if strings.TrimSpace(r.ID) == "" || strings.TrimSpace(r.Intent) == "" || strings.TrimSpace(r.Reason) == "" {
				t.Errorf("row with an empty field kept: %+v", r)
			}
			if seen[r.ID] {
				t.Errorf("id %q kept twice", r.ID)
			}
			seen[r.ID] = true
		}
	})
}

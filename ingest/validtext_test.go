package ingest

import (
	"reflect"
	"testing"
	"unicode/utf8"
)

// Every text field of a row, and every path, comes out of repairText as
// valid UTF-8 with the row marked, whichever field held the bad byte; a
// row with none is left as it is. Walking the fields by reflection keeps
// repairText's list whole when a column is added.
func TestRepairTextCoversEveryString(t *testing.T) {
	typ := reflect.TypeFor[Row]()
	n := 0
	for i := range typ.NumField() {
		f := typ.Field(i)
		if _, ok := f.Tag.Lookup("col"); !ok {
			continue // not a column (Host: set by replay, never written)
		}
		var r Row
		v := reflect.ValueOf(&r).Elem().Field(i)
		switch f.Type.Kind() {
		case reflect.String:
			v.SetString("a\xffb\xc3")
		case reflect.Slice:
			if f.Type.Elem().Kind() != reflect.String {
				continue
			}
			v.Set(reflect.ValueOf([]string{"ok", "x\xfe"}))
		default:
			continue
		}
		n++
		if !repairText(&r) || !r.TextRepaired {
			t.Errorf("%s: a byte that is not UTF-8 not repaired", f.Name)
			continue
		}
		switch got := v.Interface().(type) {
		case string:
			if got != "a\uFFFDb\uFFFD" {
				t.Errorf("%s = %q, want %q", f.Name, got, "a\uFFFDb\uFFFD")
			}
		case []string:
			if len(got) != 2 || got[0] != "ok" || got[1] != "x\uFFFD" || !utf8.ValidString(got[1]) {
				t.Errorf("%s = %q", f.Name, got)
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d text fields in Row", n)
	}
	shared := []string{"p\xff"}
	r := Row{Command: "git status", Paths: shared}
	repairText(&r)
	if shared[0] != "p\xff" {
		t.Errorf("the reader's paths slice was changed in place: %q", shared)
	}
	clean := Row{Command: "ls ü", Paths: []string{"/tmp/ä"}}
	if repairText(&clean) || clean.TextRepaired {
		t.Errorf("a row in UTF-8 was marked")
	}
}

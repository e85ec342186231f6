package queries

import (
	"reflect"
	"strings"
)

// fromRecord makes a T from one record of a report query, each field from
// the column its JSON name gives (the report's SQL names its columns as
// the JSON report names its fields): a string field with str, an int64
// with i64, a []string with strs, a list of structs from a list of records
// (a missing or null one gives an empty list, never nil: the JSON report
// has [] for an empty list). A column the record lacks gives the zero
// value; fields of other kinds are left as they are.
func fromRecord[T any](m map[string]any) T {
	var v T
	setFromRecord(reflect.ValueOf(&v).Elem(), m)
	return v
}

func setFromRecord(v reflect.Value, m map[string]any) {
	t := v.Type()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == "" || name == "-" {
			continue
		}
		f, val := v.Field(i), m[name]
		switch f.Kind() {
		case reflect.String:
			f.SetString(str(val))
		case reflect.Int64:
			f.SetInt(i64(val))
		case reflect.Slice:
			switch el := f.Type().Elem(); el.Kind() {
			case reflect.String:
				f.Set(reflect.ValueOf(strs(val)))
			case reflect.Struct:
				l, _ := val.([]any)
				out := reflect.MakeSlice(f.Type(), len(l), len(l))
				for j, e := range l {
					em, _ := e.(map[string]any)
					setFromRecord(out.Index(j), em)
				}
				f.Set(out)
			}
		}
	}
}

// addCounts adds every int64 field of src (the counts of a report row) to
// dst's; the row's labels and lists are left as they are.
func addCounts[T any](dst *T, src T) {
	d, s := reflect.ValueOf(dst).Elem(), reflect.ValueOf(src)
	for i := range d.NumField() {
		if f := d.Field(i); f.Kind() == reflect.Int64 {
			f.SetInt(f.Int() + s.Field(i).Int())
		}
	}
}

// sumCounts is a row whose counts are the sums of l's (the total row of a
// report table); its labels and lists are empty.
func sumCounts[T any](l []T) T {
	var t T
	for _, r := range l {
		addCounts(&t, r)
	}
	return t
}

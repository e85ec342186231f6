package dataset

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// kind is the column shape a struct field maps to.
type kind int

const (
	kString   kind = iota // optional BYTE_ARRAY (String); "" is null
	kBool                 // required BOOLEAN
	kInt64                // required INT64
	kInt64Ptr             // optional INT64; nil is null
	kTime                 // optional INT64 TIMESTAMP(MICROS, UTC); zero is null
	kStrings              // optional LIST<optional BYTE_ARRAY (String)>; nil or empty is null
)

// field is one tagged struct field.
type field struct {
	name   string  // the col tag: the Parquet column name
	index  []int   // reflect index path into the struct
	off    uintptr // byte offset of the field in the struct (fields are top-level)
	kind   kind
	unique bool // `col:"name,unique"`: values seldom repeat, so no dictionary encoding
}

// codec describes a row type: its tagged fields in declaration order.
type codec struct {
	typ    reflect.Type
	fields []field
	byName map[string]int
}

var (
	timeType    = reflect.TypeOf(time.Time{})
	int64PtrTyp = reflect.TypeOf((*int64)(nil))
	stringsType = reflect.TypeOf([]string(nil))
	codecs      sync.Map // reflect.Type -> *codec
)

// codecFor inspects T once: every exported field with a `col` tag becomes a
// column; untagged fields are ignored so row types may carry helpers.
func codecFor(t reflect.Type) (*codec, error) {
	if c, ok := codecs.Load(t); ok {
		return c.(*codec), nil
	}
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("dataset: row type %v is not a struct", t)
	}
	c := &codec{typ: t, byName: map[string]int{}}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag, ok := sf.Tag.Lookup("col")
		name, opt, _ := strings.Cut(tag, ",")
		if !ok || name == "" || name == "-" {
			continue
		}
		if !sf.IsExported() {
			return nil, fmt.Errorf("dataset: %v.%s: col tag on unexported field", t, sf.Name)
		}
		var k kind
		switch {
		case sf.Type == timeType:
			k = kTime
		case sf.Type == int64PtrTyp:
			k = kInt64Ptr
		case sf.Type == stringsType:
			k = kStrings
		case sf.Type.Kind() == reflect.String:
			k = kString
		case sf.Type.Kind() == reflect.Bool:
			k = kBool
		case sf.Type.Kind() == reflect.Int64:
			k = kInt64
		default:
			return nil, fmt.Errorf("dataset: %v.%s (col %q): unsupported type %v (want string, bool, int64, *int64, time.Time or []string)", t, sf.Name, name, sf.Type)
		}
		if _, dup := c.byName[name]; dup {
			return nil, fmt.Errorf("dataset: %v: col %q used twice", t, name)
		}
		c.byName[name] = len(c.fields)
		c.fields = append(c.fields, field{name: name, index: sf.Index, off: sf.Offset, kind: k, unique: opt == "unique"})
	}
	if len(c.fields) == 0 {
		return nil, fmt.Errorf("dataset: row type %v has no col-tagged fields", t)
	}
	actual, _ := codecs.LoadOrStore(t, c)
	return actual.(*codec), nil
}

// node builds the Parquet schema node of one field. Every string column is
// optional so that "" is stored as null: the tables are read with SQL, where
// `x IS NULL` is the natural test for "not recorded", and nulls cost nothing.
func (f field) node() (schema.Node, error) {
	opt := parquet.Repetitions.Optional
	switch f.kind {
	case kString:
		return schema.NewPrimitiveNodeLogical(f.name, opt, schema.StringLogicalType{}, parquet.Types.ByteArray, -1, -1)
	case kBool:
		return schema.NewBooleanNode(f.name, parquet.Repetitions.Required, -1), nil
	case kInt64:
		return schema.NewInt64Node(f.name, parquet.Repetitions.Required, -1), nil
	case kInt64Ptr:
		return schema.NewInt64Node(f.name, opt, -1), nil
	case kTime:
		return schema.NewPrimitiveNodeLogical(f.name, opt, schema.NewTimestampLogicalType(true, schema.TimeUnitMicros), parquet.Types.Int64, -1, -1)
	case kStrings:
		el, err := schema.NewPrimitiveNodeLogical("element", opt, schema.StringLogicalType{}, parquet.Types.ByteArray, -1, -1)
		if err != nil {
			return nil, err
		}
		return schema.ListOfWithName(f.name, el, opt, -1)
	}
	return nil, fmt.Errorf("dataset: column %q: unknown kind %d", f.name, f.kind)
}

// fileSchema is the schema of the stored fields (partition columns left out).
func fileSchema(stored []field) (*schema.GroupNode, error) {
	nodes := make(schema.FieldList, 0, len(stored))
	for _, f := range stored {
		n, err := f.node()
		if err != nil {
			return nil, err
		}
		nodes = append(nodes, n)
	}
	return schema.NewGroupNode("schema", parquet.Repetitions.Required, nodes, -1)
}

// estimate is a rough in-memory size of a row, used only to bound how much a
// Writer buffers before it flushes. row points at a value of the codec's
// type: the fields are read at their offsets (reflection on every field of
// every row was a tenth of the write's CPU time).
func (c *codec) estimate(row unsafe.Pointer) int64 {
	n := int64(64)
	for _, f := range c.fields {
		switch f.kind {
		case kString:
			n += int64(len(*(*string)(unsafe.Add(row, f.off)))) + 16
		case kStrings:
			n += 24
			for _, s := range *(*[]string)(unsafe.Add(row, f.off)) {
				n += int64(len(s)) + 16
			}
		default:
			n += 8
		}
	}
	return n
}

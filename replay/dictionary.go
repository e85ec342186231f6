package replay

import "github.com/permsim/permsim/dataset"

// dictScratch builds the dictionaries of the decisions columns a row group
// writes (dataset.ColumnValues.Dict and Indices): a column's distinct
// values and each row's index among them. Rows point to the decisions they
// share (decBufs.distinct and rowDec), so a column a decision gives is
// looked up once per distinct decision, not once per row; arrow-go's own
// dictionary encoding hashed every value of every row, 9% of replay's CPU
// (issue 15).
type dictScratch struct {
	index  map[string]int32 // value → its index in the dictionary
	perDec []int32          // per distinct decision, its value's index (-1: null; unset: -2)
}

// unset marks a distinct decision whose value is not looked up yet.
const unset = -2

// reset empties the dictionary of the column about to be built.
func (sc *dictScratch) reset(p *decPart, out *dataset.ColumnValues) {
	if sc.index == nil {
		sc.index = map[string]int32{}
	}
	clear(sc.index)
	sc.perDec = grow(sc.perDec, len(p.distinct))
	out.Dict = out.Dict[:0]
}

// lookup returns the index of s in the dictionary being built, adding it
// ("" is null: -1).
func (sc *dictScratch) lookup(s string, out *dataset.ColumnValues) int32 {
	if s == "" {
		return -1
	}
	ix, ok := sc.index[s]
	if !ok {
		ix = int32(len(out.Dict))
		out.Dict = append(out.Dict, s)
		sc.index[s] = ix
	}
	return ix
}

// fromDecisions sets out to the n values of a column each row's decision
// gives, as a dictionary.
func (sc *dictScratch) fromDecisions(p *decPart, n int, out *dataset.ColumnValues, get func(*DecisionRow) string) {
	sc.reset(p, out)
	// Neighbouring decisions mostly hold the same value (the same string,
	// often the same constant): the last one looked up is tried first.
	var last string
	lastIx := int32(-1)
	for j, d := range p.distinct {
		s := get(d)
		if lastIx < 0 || s != last {
			last, lastIx = s, sc.lookup(s, out)
		}
		sc.perDec[j] = lastIx
	}
	out.Indices = grow(out.Indices, n)
	for i, j := range p.rowDec {
		out.Indices[i] = sc.perDec[j]
	}
	out.UseDict = true
}

// fromRows turns the n values of a call's column, in out.Strings, into a
// dictionary. Rows sharing a decision mostly share the value too, so a
// row's value is first compared with the value of the first row of its
// decision; only a row whose value differs is looked up.
func (sc *dictScratch) fromRows(p *decPart, n int, out *dataset.ColumnValues) {
	sc.reset(p, out)
	for j := range sc.perDec {
		sc.perDec[j] = unset
	}
	out.Indices = grow(out.Indices, n)
	for i, s := range out.Strings[:n] {
		j := p.rowDec[i]
		ix := sc.perDec[j]
		switch {
		case ix == unset:
			ix = sc.lookup(s, out)
			sc.perDec[j] = ix
		case ix == -1 && s == "":
		case ix >= 0 && s == out.Dict[ix]:
		default:
			ix = sc.lookup(s, out)
		}
		out.Indices[i] = ix
	}
	out.UseDict = true
}

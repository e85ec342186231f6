package claude

import "github.com/permsim/permsim/engine/shell"

// memoInline is how many commands a cmdMemo holds before it needs a map.
const memoInline = 4

// cmdMemo holds what was found of each command of one call (its files,
// the texts rules see), so it is found once per call. Most calls hold one
// or two commands: the first few are searched in order, in the decider
// itself, and only a call of more commands makes a map (a map made for
// every call was 2% of replay's allocation, issue 15).
type cmdMemo[V any] struct {
	keys [memoInline]*shell.Command
	vals [memoInline]V
	n    int
	more map[*shell.Command]V
}

func (m *cmdMemo[V]) get(c *shell.Command) (V, bool) {
	for i := range m.n {
		if m.keys[i] == c {
			return m.vals[i], true
		}
	}
	v, ok := m.more[c]
	return v, ok
}

func (m *cmdMemo[V]) put(c *shell.Command, v V) {
	for i := range m.n {
		if m.keys[i] == c {
			m.vals[i] = v
			return
		}
	}
	if m.n < memoInline {
		m.keys[m.n], m.vals[m.n] = c, v
		m.n++
		return
	}
	if m.more == nil {
		m.more = map[*shell.Command]V{}
	}
	m.more[c] = v
}

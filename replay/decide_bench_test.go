package replay_test

import (
	"context"
	"testing"

	"github.com/permsim/permsim/internal/transcriptgen"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/replay"
	"github.com/permsim/permsim/toolcall"
)

// BenchmarkDecideDistinct decides calls of the replay benchmark's mix
// (internal/transcriptgen.Calls, as WriteCalls writes them: Claude Code in four modes and Codey,
// 8 projects, three in ten commands one-off) through Decide, with no
// Parquet on either side: the deciding part of replay alone, for profiles.
func BenchmarkDecideDistinct(b *testing.B) {
	hs := registry.Simulators(registry.SimOptions{})
	home := b.TempDir()
	var calls []toolcall.Row
	for c := range transcriptgen.Calls(50_000, 15) {
		c.CallKey, c.RawTool = c.CallID, "Bash"
		calls = append(calls, c)
	}
	b.ResetTimer()
	for range b.N {
		rows, _, _, err := replay.Decide(context.Background(), replay.Options{Home: home}, hs, calls)
		if err != nil || len(rows) != len(calls) {
			b.Fatalf("%d rows, %v", len(rows), err)
		}
	}
}

package ingest

// SetDedupeKeys makes ReadCalls hold at most n keys at once (so a small
// table takes several passes) until the returned func restores it.
func SetDedupeKeys(n int) (restore func()) {
	old := dedupeKeys
	dedupeKeys = n
	return func() { dedupeKeys = old }
}

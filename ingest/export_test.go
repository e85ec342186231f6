package ingest

// SetDedupeKeys makes ReadCalls hold at most n keys at once (so a small
// table takes several passes) until the returned func restores it.
func SetDedupeKeys(n int) (restore func()) {
	old := dedupeKeys
	dedupeKeys = n
	return func() { dedupeKeys = old }
}

// SetBeforeManifestRename makes every manifest save call f once the new
// manifest is written and synced, just before it is renamed over the old
// one; an error from f fails the save (a full disk), a panic stands for a
// crash at that point. The returned func restores the default.
func SetBeforeManifestRename(f func() error) (restore func()) {
	old := beforeManifestRename
	beforeManifestRename = f
	return func() { beforeManifestRename = old }
}

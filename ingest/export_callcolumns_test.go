package ingest

// SetMaxSuspects makes ScanCalls settle at most n keys that may repeat
// itself before it leaves the dedupe to the bucketed passes, until the
// returned func restores it.
func SetMaxSuspects(n int) (restore func()) {
	old := maxSuspects
	maxSuspects = n
	return func() { maxSuspects = old }
}

package hooks

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// killMarked kills every process whose environment holds marker (NAME=value):
// the processes a hook started that left its process group (setsid). It
// scans a few times, because a process may fork while it is being killed.
func killMarked(marker string) {
	want := []byte(marker)
	for round := 0; round < 5; round++ {
		found := false
		ents, err := os.ReadDir("/proc")
		if err != nil {
			return
		}
		self := os.Getpid()
		for _, e := range ents {
			pid, err := strconv.Atoi(e.Name())
			if err != nil || pid == self {
				continue
			}
			env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
			if err != nil {
				continue
			}
			for _, kv := range bytes.Split(env, []byte{0}) {
				if bytes.Equal(kv, want) {
					_ = syscall.Kill(pid, syscall.SIGKILL)
					found = true
					break
				}
			}
		}
		if !found {
			return
		}
	}
}

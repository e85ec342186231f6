package danger

import (
	"testing"
)

// Tests of containers.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestContainerMountRemovals: a container run whose command removes a
// host folder mounted into it (docker run -v HOST:CONT, --mount
// source=…,target=…; podman and nerdctl alike) removes the host's folder,
// judged as rm of the host path. Everyday: removals of the container's own
// files, and of mounted generated output (node_modules of the project).
func TestContainerMountRemovals(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`docker run -v ~:/h alpine rm -rf /h`, DestructiveDelete},
		{`docker run --rm -v "$HOME":/data alpine sh -c 'rm -rf /data/*'`, DestructiveDelete},
		{`podman run --rm -v /home/user:/mnt:z alpine rm -rf /mnt`, DestructiveDelete},
		{`docker run --rm --mount type=bind,source=/home/user/work,target=/w alpine rm -rf /w`, DestructiveDelete},
		{`docker run --rm -it -v $(pwd):/app -w /app node rm -rf /app/src`, DestructiveDelete},
		{`docker run --rm -v $(pwd):/app node rm -rf /app/node_modules`, ""},
		{`docker run --rm alpine rm -rf /tmp/cache`, ""},
		{`docker run --rm -v ~/data:/data alpine rm -rf /var/cache/apk`, ""},
		{`docker run --rm -v ~/data:/data alpine ls /data`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

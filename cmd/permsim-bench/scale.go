package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/remote"
	"github.com/permsim/permsim/remote/s3"
	"github.com/permsim/permsim/replay"
)

// shardRows measures issue 31's sharded replay on the replay store: the
// N shards run at once as N child processes (wall time until the last
// ends; CPU time summed), against the same store decided whole.
func shardRows(out, home string, calls, runs int, whole measure) error {
	fmt.Printf("  replay in shards at once (each a process of its own; wall until the last ends, cpu summed; fastest of %d by wall):\n", runs)
	fmt.Printf("    1 shard (whole):     %5.1fs wall %5.1fs cpu  %8.0f calls/s(wall)\n", whole.wall.Seconds(), whole.cpu.Seconds(), float64(calls)/whole.wall.Seconds())
	for _, n := range []int{2} {
		var bestM measure
		for r := range runs {
			m, decided, err := shards(out, home, n)
			if err != nil {
				return err
			}
			if decided != calls {
				return fmt.Errorf("%d shards decided %d calls, want %d", n, decided, calls)
			}
			if r == 0 || m.wall < bestM.wall {
				bestM = m
			}
		}
		fmt.Printf("    %d shards:            %5.1fs wall %5.1fs cpu  %8.0f calls/s(wall)  peak rss of a shard %4.0f MiB\n",
			n, bestM.wall.Seconds(), bestM.cpu.Seconds(), float64(calls)/bestM.wall.Seconds(), bestM.peakMiB)
	}
	return nil
}

// shards runs the n shards of the store at once.
func shards(out, home string, n int) (measure, int, error) {
	var wg sync.WaitGroup
	ms := make([]measure, n)
	errs := make([]error, n)
	t0 := time.Now()
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ms[k], errs[k] = step("replay-shard", out, home, fmt.Sprintf("%d/%d", k, n))
		}()
	}
	wg.Wait()
	m := measure{wall: time.Since(t0)}
	decided := 0
	for k := range n {
		if errs[k] != nil {
			return m, 0, errs[k]
		}
		m.cpu += ms[k].cpu
		m.peakMiB = max(m.peakMiB, ms[k].peakMiB)
		c, _ := strconv.Atoi(ms[k].out)
		decided += c
	}
	return m, decided, nil
}

// remoteRows measures push and pull of the replay store's calls table
// against versitygw on loopback (a free 127.0.0.1 port, a temp folder):
// the MB/s of the parts' bytes by wall time. Without versitygw (PATH or
// ~/go/bin) the rows say they were skipped.
func remoteRows(dir, out string, runs int) error {
	bin, err := exec.LookPath("versitygw")
	if err != nil {
		if h, herr := os.UserHomeDir(); herr == nil {
			if p := filepath.Join(h, "go", "bin", "versitygw"); fileExists(p) {
				bin, err = p, nil
			}
		}
	}
	if err != nil {
		fmt.Println("  push / pull: skipped: versitygw not installed (go install github.com/versity/versitygw/cmd/versitygw@v1.8.0)")
		return nil
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	addr := l.Addr().String()
	l.Close()
	root := filepath.Join(dir, "s3")
	os.MkdirAll(root, 0o755)
	srv := exec.Command(bin, "--port", addr, "posix", root)
	srv.Env = append(os.Environ(), "ROOT_ACCESS_KEY=permsimbench", "ROOT_SECRET_KEY=permsimbenchsecret")
	if err := srv.Start(); err != nil {
		return err
	}
	defer func() { srv.Process.Kill(); srv.Wait() }()
	for i := 0; ; i++ {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			break
		}
		if i > 200 {
			return fmt.Errorf("versitygw did not listen on %s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for k, v := range map[string]string{"AWS_ACCESS_KEY_ID": "permsimbench", "AWS_SECRET_ACCESS_KEY": "permsimbenchsecret",
		"AWS_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true", "AWS_CONFIG_FILE": filepath.Join(root, "none"),
		"AWS_SHARED_CREDENTIALS_FILE": filepath.Join(root, "none"), "AWS_PROFILE": ""} {
		os.Setenv(k, v)
	}
	endpoint := "http://" + addr
	fmt.Printf("  push / pull of the store's calls table against versitygw on loopback (%s; fastest of %d by wall; each run a fresh prefix / cache):\n", addr, runs)
	for _, what := range []string{"push", "pull"} {
		var bestM measure
		var bytes int64
		for r := range runs {
			where := fmt.Sprintf("s3://bench/run%d", r)
			if what == "push" {
				loc, _ := remote.ParseLocation(where)
				b, err := s3.New(context.Background(), loc, s3.Options{Endpoint: endpoint})
				if err != nil {
					return err
				}
				if r == 0 {
					if err := b.CreateBucket(context.Background()); err != nil {
						return err
					}
				}
			}
			var m measure
			if what == "push" {
				m, err = step("push", out, where, endpoint)
			} else {
				m, err = step("pull", where, endpoint, filepath.Join(dir, fmt.Sprintf("cache%d", r)))
			}
			if err != nil {
				return err
			}
			n, _ := strconv.ParseInt(m.out, 10, 64)
			if r == 0 || m.wall < bestM.wall {
				bestM, bytes = m, n
			}
		}
		fmt.Printf("    %-4s %7.1f MB  %5.2fs wall %5.2fs cpu  %6.1f MB/s(wall)  rss %4.0f MiB\n", what, float64(bytes)/1e6,
			bestM.wall.Seconds(), bestM.cpu.Seconds(), float64(bytes)/1e6/bestM.wall.Seconds(), bestM.peakMiB)
	}
	return nil
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// scaleChild is the measured step of the rows above: replay-shard (store,
// home, K/N), push (store, location, endpoint), pull (location, endpoint,
// cache); it returns the calls decided or the bytes moved.
func scaleChild(ctx context.Context, what string, args []string) (int, error) {
	if len(args) != 3 {
		return 0, fmt.Errorf("-child %s: want 3 arguments, got %q", what, args)
	}
	switch what {
	case "replay-shard":
		sh, err := replay.ParseShard(args[2], os.Getenv)
		if err != nil {
			return 0, err
		}
		sum, err := replay.Run(ctx, args[0], replay.Options{Home: args[1], Shard: sh}, registry.Simulators(registry.SimOptions{}))
		return sum.Calls, err
	case "push", "pull":
		where, endpoint := args[1], args[2] // push: store, location, endpoint
		if what == "pull" {
			where, endpoint = args[0], args[1] // pull: location, endpoint, cache
		}
		loc, err := remote.ParseLocation(where)
		if err != nil {
			return 0, err
		}
		b, err := s3.New(ctx, loc, s3.Options{Endpoint: endpoint})
		if err != nil {
			return 0, err
		}
		if what == "push" {
			sum, err := remote.Push(ctx, b, args[0], "bench")
			return int(sum.UploadedBytes), err
		}
		sum, err := remote.Pull(ctx, b, args[2])
		if err == nil && sum.Downloaded == 0 {
			err = fmt.Errorf("pull downloaded nothing: %s", sum)
		}
		if _, derr := dataset.TableID(args[2], "calls"); err == nil && derr != nil {
			err = derr
		}
		return int(sum.DownloadedBytes), err
	}
	return 0, fmt.Errorf("unknown -child %q", what)
}

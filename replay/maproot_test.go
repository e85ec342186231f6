package replay

import "testing"

// TestMapCommand: --root rewrites the recorded project folder where a shell
// command names it — cd targets, redirect targets, file arguments,
// --opt=PATH, quoted words — and nothing else: a longer folder name, a
// here-document body, a path in the middle of a word, and the bytes around
// the mapped words stay as recorded.
func TestMapCommand(t *testing.T) {
	roots := []RootMap{{From: "/home/dev/app", To: "/srv/app"}, {Home: "/h/b", From: "/home/dev", To: "/mnt/b dev"}}
	cases := []struct{ name, home, in, want string }{
		{"cd", "", "cd /home/dev/app && make", "cd /srv/app && make"},
		{"cd subfolder", "", "cd /home/dev/app/src;  ls", "cd /srv/app/src;  ls"},
		{"redirect", "", "echo hi > /home/dev/app/out.txt", "echo hi > /srv/app/out.txt"},
		{"file argument glob", "", "cat /home/dev/app/*.go | wc -l", "cat /srv/app/*.go | wc -l"},
		{"option value", "", "tool --file=/home/dev/app/x", "tool --file=/srv/app/x"},
		{"single quoted", "", "rm -rf '/home/dev/app/build'", "rm -rf '/srv/app/build'"},
		{"double quoted", "", `cat "/home/dev/app/a b"`, `cat "/srv/app/a b"`},
		{"longer name untouched", "", "cd /home/dev/apple", "cd /home/dev/apple"},
		{"middle of a word untouched", "", "cat $X/home/dev/app", "cat $X/home/dev/app"},
		{"heredoc body untouched", "", "cat <<EOF\n/home/dev/app\nEOF", "cat <<EOF\n/home/dev/app\nEOF"},
		{"other home's rewrite does not apply", "/h/a", "cd /home/dev/web", "cd /home/dev/web"},
		{"per-home rewrite quoted", "/h/b", "cd /home/dev/web", "cd '/mnt/b dev'/web"},
		{"unparsable left as is", "", "cd /home/dev/app && (", "cd /home/dev/app && ("},
	}
	for _, c := range cases {
		if got := MapCommand(c.in, c.home, roots); got != c.want {
			t.Errorf("%s: MapCommand(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

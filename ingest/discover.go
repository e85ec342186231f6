package ingest

import (
	"cmp"
	"errors"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permsim/permsim/internal/safefile"
)

// GroupKey is the key a Source's Files orders its groups by: File.Group,
// or the file's own path when it has no group (a group of its own).
func GroupKey(f File) string {
	if f.Group != "" {
		return f.Group
	}
	return f.Path
}

// Discover lists every file src.Files yields under home, in its order,
// with the listing's errors joined: the whole home at once, for tests and
// tools; Run streams Files instead (issue 15: a slice of the home grew
// with the number of transcripts).
func Discover(src Source, home string) ([]File, error) {
	return Collect(src.Files(home))
}

// Collect gathers a Files sequence into a slice, its errors joined.
func Collect(seq iter.Seq2[File, error]) ([]File, error) {
	var files []File
	var errs []error
	for f, err := range seq {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		files = append(files, f)
	}
	return files, errors.Join(errs...)
}

// SortFiles puts files in the order Files must yield them: by GroupKey,
// a group's files keeping their order (stable). For the Sources whose
// listing is small whatever the home (databases, import files).
func SortFiles(files []File) {
	slices.SortStableFunc(files, func(a, b File) int { return strings.Compare(GroupKey(a), GroupKey(b)) })
}

// Yield is a Files sequence over a listing already made: files (in Files'
// order) then err when it is not nil.
func Yield(files []File, err error) iter.Seq2[File, error] {
	return func(yield func(File, error) bool) {
		for _, f := range files {
			if !yield(f, nil) {
				return
			}
		}
		if err != nil {
			yield(File{}, err)
		}
	}
}

// fileGroup is one group of files as a merge of Files sequences gives it,
// with the index of the first sequence that listed it.
type fileGroup struct {
	files []File
	from  int
}

// groupStream reads one Files sequence a group at a time.
type groupStream struct {
	next  func() (File, error, bool)
	stop  func()
	ahead *File // the first file of the next group, read already
	done  bool
	cur   []File
	key   string
}

// advance reads the stream's next group into cur (nil at the end),
// handing errors to onErr.
func (s *groupStream) advance(onErr func(error)) {
	s.cur = nil
	for !s.done {
		var f File
		if s.ahead != nil {
			f, s.ahead = *s.ahead, nil
		} else {
			var err error
			var ok bool
			f, err, ok = s.next()
			if !ok {
				s.done = true
				break
			}
			if err != nil {
				onErr(err)
				continue
			}
		}
		if len(s.cur) > 0 && GroupKey(f) != s.key {
			s.ahead = &f
			return
		}
		s.key = GroupKey(f)
		s.cur = append(s.cur, f)
	}
}

// mergeGroups merges Files sequences, each in group order, into one
// sequence of groups in group order: the groups of one key from several
// sequences (the same session under two overlapping homes) are one group,
// the files of the first sequence first and a path listed twice kept
// once. Memory holds one group of each sequence, not the listing. A
// sequence out of order only costs the merge: its groups come out as they
// come. onErr receives each sequence's errors with its index.
func mergeGroups(seqs []iter.Seq2[File, error], onErr func(int, error)) iter.Seq[fileGroup] {
	return func(yield func(fileGroup) bool) {
		streams := make([]*groupStream, len(seqs))
		for i, seq := range seqs {
			next, stop := iter.Pull2(seq)
			streams[i] = &groupStream{next: next, stop: stop}
			defer stop()
		}
		advance := func(i int) { streams[i].advance(func(err error) { onErr(i, err) }) }
		for i := range streams {
			advance(i)
		}
		for {
			first := -1
			for i, s := range streams {
				if s.cur != nil && (first < 0 || s.key < streams[first].key) {
					first = i
				}
			}
			if first < 0 {
				return
			}
			g := fileGroup{files: streams[first].cur, from: first}
			key := streams[first].key
			advance(first)
			for i, s := range streams {
				if i == first || s.cur == nil || s.key != key {
					continue
				}
				for _, f := range s.cur {
					if !slices.ContainsFunc(g.files, func(h File) bool { return h.Path == f.Path }) {
						g.files = append(g.files, f)
					}
				}
				advance(i)
			}
			if !yield(g) {
				return
			}
		}
	}
}

// MergeFiles merges Files sequences, each in group order, into one (see
// mergeGroups): a Source with several roots lists each and merges them.
func MergeFiles(seqs ...iter.Seq2[File, error]) iter.Seq2[File, error] {
	return func(yield func(File, error) bool) {
		stopped := false
		var errs []error
		for g := range mergeGroups(seqs, func(_ int, err error) { errs = append(errs, err) }) {
			for _, f := range g.files {
				if !yield(f, nil) {
					stopped = true
					return
				}
			}
		}
		for _, err := range errs {
			if stopped || !yield(File{}, err) {
				return
			}
		}
	}
}

// WalkSorted calls fn for every file under root (not its folders), in the
// byte order of their paths: a folder's entries are taken in the order of
// their names with a folder's name read as name+"/", which is what makes
// "a/x" come after "a-b/y" as the path order wants ('-' sorts before '/'),
// where filepath.WalkDir's name order would put it first. A folder that
// cannot be read is reported to fn with its error (and d nil) and skipped.
// Memory holds the entries of one folder on each level, not the tree.
// Links below root are not followed; a root that leads where Confined
// refuses for home is reported to fn with that error and not walked.
func WalkSorted(home, root string, fn func(path string, d fs.DirEntry, err error) bool) bool {
	if err := Confined(home, root); err != nil {
		return fn(root, nil, err)
	}
	return walkSorted(root, fn)
}

func walkSorted(root string, fn func(path string, d fs.DirEntry, err error) bool) bool {
	ents, err := safefile.ReadDir(root)
	if err != nil {
		return fn(root, nil, err)
	}
	name := func(e fs.DirEntry) string {
		if e.IsDir() {
			return e.Name() + "/"
		}
		return e.Name()
	}
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return cmp.Compare(name(a), name(b)) })
	for _, e := range ents {
		p := filepath.Join(root, e.Name())
		if e.IsDir() {
			if !walkSorted(p, fn) {
				return false
			}
			continue
		}
		if !fn(p, e, nil) {
			return false
		}
	}
	return true
}

// Folders is a Files sequence over the folders in parent, one folder's
// listing held at a time: list gives a folder's files in Files' order and
// the errors met listing it, which are yielded after every folder's files.
// Entries that are not folders (or links to one) are passed over. With
// below set the files' group keys lie below each folder, so folders come
// in the order of the paths under them (name read as name+"/": "a-b/x"
// before "a/x"); otherwise a folder is its files' group key and folders
// come in name order. A missing parent has no files; another error reading
// it is the sequence's only error. A parent, or a folder in it, that leads
// through a link where Confined refuses for home is not listed: its error
// is yielded instead.
func Folders(home, parent string, below bool, list func(dir string) ([]File, []error)) iter.Seq2[File, error] {
	return func(yield func(File, error) bool) {
		if err := Confined(home, parent); err != nil {
			yield(File{}, err)
			return
		}
		entries, err := safefile.ReadDir(parent)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				yield(File{}, err)
			}
			return
		}
		if below {
			slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name()+"/", b.Name()+"/") })
		}
		var errs []error
		for _, e := range entries {
			dir := filepath.Join(parent, e.Name())
			if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
				continue
			}
			if e.Type()&fs.ModeSymlink != 0 {
				if err := Confined(home, dir); err != nil {
					errs = append(errs, err)
					continue
				}
			}
			files, ferrs := list(dir)
			errs = append(errs, ferrs...)
			for _, f := range files {
				if !yield(f, nil) {
					return
				}
			}
		}
		for _, err := range errs {
			if !yield(File{}, err) {
				return
			}
		}
	}
}

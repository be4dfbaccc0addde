package save

import (
	"os"
	"path/filepath"

	"hedgerow/rules"
)

// WriteAtomic writes the game's save to path so that a crash never leaves
// a half-written file: it writes a temporary file in the same directory,
// flushes it to disk and renames it over path. This is the only place the
// rules core touches the file system directly.
func WriteAtomic(path string, g *rules.Game) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return errSaveIO("create the save file", err)
	}
	tmp := f.Name()
	fail := func(what string, err error) error {
		f.Close()
		os.Remove(tmp)
		return errSaveIO(what, err)
	}
	if err := Write(g, f); err != nil {
		return fail("write the save", err)
	}
	if err := f.Sync(); err != nil {
		return fail("flush the save to disk", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return errSaveIO("close the save", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return errSaveIO("put the save in place", err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // make the rename itself durable where the OS allows
		d.Close()
	}
	return nil
}

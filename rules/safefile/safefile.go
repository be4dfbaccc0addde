// Package safefile reads the files Hedgerow is handed (maps, scenarios,
// saves) without letting a bad one hurt: it looks at what the name is
// before opening it (a named pipe would block forever, a device or a
// directory is no file at all), checks the size from the file's metadata
// before reading a byte, never reads past the limit, and says what is
// wrong in plain words.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"
)

// Read returns the whole of name from fsys if it is a regular file of at
// most max bytes. Errors are plain sentences (no file name; the caller
// puts the name in front). A missing file's error wraps fs.ErrNotExist.
func Read(fsys fs.FS, name string, max int64) ([]byte, error) {
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, plain(err)
	}
	if err := Regular(st, max); err != nil {
		return nil, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, plain(err)
	}
	defer f.Close()
	// Stat again: the name may have been swapped since.
	if st, err := f.Stat(); err != nil {
		return nil, plain(err)
	} else if err := Regular(st, max); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read the file: %v", plainText(err))
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("the file grew past %d bytes while it was read", max)
	}
	return b, nil
}

// Regular refuses anything but a regular file of at most max bytes.
func Regular(st fs.FileInfo, max int64) error {
	m := st.Mode()
	switch {
	case m.IsDir():
		return errors.New("is a folder, not a file")
	case m&fs.ModeNamedPipe != 0:
		return errors.New("is a named pipe, not a file (it would never finish reading)")
	case m&fs.ModeSocket != 0:
		return errors.New("is a socket, not a file")
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		return errors.New("is a device, not a file")
	case !m.IsRegular():
		return errors.New("is not a regular file")
	case st.Size() > max:
		return fmt.Errorf("the file is %d bytes; at most %d are allowed", st.Size(), max)
	}
	return nil
}

// plain turns an open or stat error into a plain sentence.
func plain(err error) error {
	switch {
	case errors.Is(err, syscall.ELOOP):
		return errors.New("the name is a symbolic link that loops back on itself")
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("no such file%w", errQuiet{fs.ErrNotExist})
	case errors.Is(err, fs.ErrPermission):
		return errors.New("not allowed to read the file")
	case errors.Is(err, fs.ErrInvalid):
		return errors.New("not a valid file name")
	case errors.Is(err, syscall.ENOTDIR):
		return fmt.Errorf("no such file (a part of the path is not a folder)%w", errQuiet{fs.ErrNotExist})
	case errors.Is(err, syscall.ENAMETOOLONG):
		return errors.New("the file name is too long")
	}
	return fmt.Errorf("cannot open the file: %v", plainText(err))
}

// errQuiet wraps an error for errors.Is without adding to the message.
type errQuiet struct{ err error }

func (e errQuiet) Error() string { return "" }
func (e errQuiet) Unwrap() error { return e.err }

func plainText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return strings.TrimSpace(err.Error())
}

// Name is a file name fit to print: as it is when plain, quoted with
// escapes when it holds control characters, invalid UTF-8 or quotes, so a
// hostile name cannot rewrite the terminal. Very long names are cut.
func Name(name string) string {
	const max = 200
	odd := !utf8.ValidString(name)
	for _, r := range name {
		if unicode.IsControl(r) || r == '"' || r == utf8.RuneError || (!unicode.IsPrint(r) && r != ' ') {
			odd = true
			break
		}
	}
	cut := ""
	if len(name) > max {
		i := max
		for i > 0 && !utf8.RuneStart(name[i]) {
			i--
		}
		name, cut = name[:i], fmt.Sprintf("... (%d bytes)", len(name))
	}
	if odd {
		return strconv.Quote(name) + cut
	}
	return name + cut
}

// Clip cuts text echoed back in a message (a command, a number) to at
// most max bytes, saying how long it was.
func Clip(s string, max int) string {
	if len(s) <= max {
		return s
	}
	i := max
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return fmt.Sprintf("%s... (%d bytes in all)", s[:i], len(s))
}

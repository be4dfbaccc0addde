package scenario

import (
	"errors"
	"io/fs"
	"path"
	"strings"
)

// errLinkOut is MapFinder's refusal of a map reached through a symbolic
// link that leads out of the scenario's folder.
var errLinkOut = errors.New("it is reached through a symbolic link that leads out of the scenario's folder; copy the map into the folder instead")

// linkLeaves reports (as errLinkOut) whether name, a clean path in fsys
// inside the folder root, goes through a symbolic link whose target lies
// outside root: an absolute target, or one that climbs above it. Links
// are followed one by one (at most 40), each judged where it leads. An
// fsys that cannot read links (an embedded FS) has none.
func linkLeaves(fsys fs.FS, root, name string) error {
	rl, ok := fsys.(fs.ReadLinkFS)
	if !ok {
		return nil
	}
	inside := func(p string) bool {
		if root == "." {
			return p != ".." && !strings.HasPrefix(p, "../")
		}
		return p == root || strings.HasPrefix(p, root+"/")
	}
	parts := strings.Split(name, "/")
	cur, hops := ".", 0
	for i := 0; i < len(parts); i++ {
		next := path.Join(cur, parts[i])
		fi, err := rl.Lstat(next)
		if err != nil {
			return nil // the read that follows says what is wrong
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		if hops++; hops > 40 {
			return errors.New("it is reached through too many symbolic links (a loop?)")
		}
		target, err := rl.ReadLink(next)
		if err != nil {
			return errLinkOut
		}
		target = strings.ReplaceAll(target, `\`, "/")
		if path.IsAbs(target) || strings.Contains(target, ":") {
			return errLinkOut
		}
		t := path.Join(cur, target)
		if !inside(t) {
			return errLinkOut
		}
		// go on from where the link leads, with the rest of the path
		parts = append(strings.Split(t, "/"), parts[i+1:]...)
		cur, i = ".", -1
	}
	return nil
}

package guard

import (
	"io/fs"
	"path/filepath"
	"slices"
)

// walk brings g.tree up to date: what lies in the input directories under
// other names. A symlink inside one leads to an input wherever it points
// (a directory it points to is walked too); a file inside one with more
// than one hard link is recorded by inode, so that another name of it is
// caught. A tree is walked once a run, at the first claim or write after
// the inputs changed; what cannot be read is skipped. Call with g.mu held.
func (g *Guard) walk() {
	if g.walked {
		return
	}
	g.walked = true
	g.tree = nil
	g.resolved = map[string]string{}
	defer func() { g.resolved = nil }()
	seen := map[string]bool{}
	var queue []*entry
	for _, e := range g.inputs {
		if e.dir() {
			queue = append(queue, &entry{name: e.name, what: e.name, path: e.path, info: e.info, isDir: e.isDir})
		}
	}
	for len(queue) > 0 {
		top := queue[0]
		queue = queue[1:]
		if seen[top.path] {
			continue
		}
		seen[top.path] = true
		filepath.WalkDir(top.path, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // unreadable: skipped, not an error of the command
			}
			rel, _ := filepath.Rel(top.path, path)
			name := filepath.Join(top.name, rel) // as the command would name it
			switch {
			case d.Type()&fs.ModeSymlink != 0:
				e := g.entry(name, "where "+name+" in input directory "+top.what+" leads", g.resolve(path))
				e.name = e.path
				g.tree = append(g.tree, e)
				if e.dir() {
					queue = append(queue, &entry{name: name, what: top.what, path: e.path, info: e.info, isDir: e.isDir})
				}
			case d.Type().IsRegular():
				if fi, err := d.Info(); err == nil && links(fi) > 1 {
					g.tree = append(g.tree, &entry{name: name, what: "a file in input directory " + top.what, path: path, info: fi, isDir: fi.IsDir()})
				}
			}
			return nil
		})
	}
}

// all returns the inputs and what the input directories hold under other
// names. Call with g.mu held, after walk.
func (g *Guard) all() []*entry {
	return slices.Concat(g.inputs, g.tree)
}

package edit

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
)

// Trace, when set, is called at each point of a write with the point's name: "temp-created",
// "temp-written-N" after each MiB, "temp-synced", "backup-kept", "renamed", "folder-synced".
// The crash test stops the process at each; it is nil in normal runs.
var Trace func(point string)

func trace(point string) {
	if Trace != nil {
		Trace(point)
	}
}

// Place is the file an edit writes and where its backups go.
type Place struct {
	// Root is the repository root with its links resolved: backups go under
	// Root/.readmap/backups/.
	Root string
	// Real is the file's path with its links resolved, as the descriptor it was read through says:
	// a symbolic link named on the command line is followed, so the file it leads to is written and
	// the link stays a link.
	Real string
	// Info is the file's stat data when it was read: the write replaces that file only.
	Info os.FileInfo
	// Display is the path as answers name it (messages leave it to the caller).
	Display string
}

// inside returns the file's path relative to the root, with '/' separators, and whether it lies
// inside the root.
func (p Place) inside() (string, bool) {
	rel, err := filepath.Rel(p.Root, p.Real)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// Written is what a write did.
type Written struct {
	// Backup is the backup of the old file, relative to the root with '/' separators; "" when
	// none was kept.
	Backup string
	// Notes say what the write could not keep (the owner) or what it means (other hard links).
	Notes []string
	// Info is the file's stat data right after the write, when it still is the file written (the
	// same inode, size and mtime as when its content was synced): what says that a map of the
	// content written is the file's map. Nil when that cannot be told.
	Info os.FileInfo
}

// Write replaces the file with content, atomically: the content goes to a temporary file beside
// it, which takes the file's mode (and owner, where allowed), is synced to disk, and is renamed
// over the file; then the folder is synced. Before the rename, when keep is set, the old file is
// kept as the newest backup of the file (src is its content, for a copy when a hard link cannot
// be made). A crash at any moment leaves the old file or the new one, never a mix; a stray
// temporary file is all that can be left behind.
//
// Inside the root, every step goes through the root opened once (os.Root), so a symbolic link
// swapped into the path since the file was read cannot lead the write or a backup outside it;
// and the name must still be the file read (the same inode, size, mtime and ctime), else nothing
// is written (CodeChanged).
func Write(p Place, content, src []byte, keep bool) (Written, error) {
	var w Written
	repo, err := os.OpenRoot(p.Root)
	if err != nil {
		return w, writeError(p, "open the root", err)
	}
	defer repo.Close()
	rel, inside := p.inside()
	dirRel, name := "", filepath.Base(p.Real)
	var dir *os.Root
	if inside {
		dirRel = filepath.Dir(filepath.FromSlash(rel))
		dir, err = repo.OpenRoot(dirRel)
	} else {
		dir, err = os.OpenRoot(filepath.Dir(p.Real))
	}
	if err != nil {
		return w, folderError(p, err)
	}
	defer dir.Close()
	folder, err := dir.Open(".")
	if err != nil {
		return w, writeError(p, "open the folder", err)
	}
	defer folder.Close()
	unlock := lockFolder(folder)
	defer unlock()
	if err := unchanged(dir, name, p, true); err != nil {
		return w, err
	}
	if err := writable(dir, p); err != nil {
		return w, err
	}
	if links := linkCount(p.Info); links > 1 {
		w.Notes = append(w.Notes, fmt.Sprintf("the file had %d hard links: this name now holds the new file, the other names keep the old one", links))
	}
	tmp, synced, err := writeTemp(dir, name, content, p.Info, &w)
	if err != nil {
		return w, writeError(p, "write a temporary file beside it", err)
	}
	done := false
	defer func() {
		if !done {
			_ = dir.Remove(tmp)
		}
	}()
	linked := false
	if keep {
		b := backups{repo: repo}
		backup, hard, err := b.keep(rel, inside, p, src)
		if err != nil {
			return w, writeError(p, "keep a backup under "+backupsDir, err)
		}
		defer func() {
			if !done {
				_ = repo.Remove(filepath.FromSlash(backup))
			}
		}()
		w.Backup, linked = backup, hard
		trace("backup-kept")
	}
	// A hard link to the file moved its ctime: compare the rest.
	if err := unchanged(dir, name, p, !linked); err != nil {
		return w, err
	}
	if err := dir.Rename(tmp, name); err != nil {
		return w, writeError(p, "rename the temporary file over it", err)
	}
	done = true
	trace("renamed")
	if err := folder.Sync(); err != nil {
		return w, writeError(p, "sync the folder", err)
	}
	trace("folder-synced")
	if now, err := dir.Lstat(name); err == nil && os.SameFile(now, synced) && now.Size() == synced.Size() && now.ModTime().Equal(synced.ModTime()) {
		w.Info = now
	}
	return w, nil
}

// unchanged checks that name in dir is still the file read: the same inode, not a link put in
// its place, with the same size, mtime and (when ctime is set) ctime.
func unchanged(dir *os.Root, name string, p Place, ctime bool) error {
	fi, err := dir.Lstat(name)
	changed := func(why string) error {
		return editError(query.CodeChanged, "the file "+why+" while it was being edited; nothing was written",
			"read it again and redo the edit")
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return changed("was removed")
	case err != nil:
		return writeError(p, "check the file", err)
	case !fi.Mode().IsRegular() || !os.SameFile(fi, p.Info):
		return changed("was replaced")
	case fi.Size() != p.Info.Size() || !fi.ModTime().Equal(p.Info.ModTime()) || (ctime && indexer.StampOf(fi).CTimeNS != indexer.StampOf(p.Info).CTimeNS):
		return changed("changed")
	}
	return nil
}

// writable refuses a file that no one may write, or in a folder no one may write: a rename would
// replace it all the same (and would for root whatever the bits), but a read-only file says "do
// not change me". Other permission problems show when the temporary file is made.
func writable(dir *os.Root, p Place) error {
	if p.Info.Mode().Perm()&0o222 == 0 {
		return editError(query.CodePermission, fmt.Sprintf("the file is read-only (mode %04o); nothing was written", p.Info.Mode().Perm()),
			"make it writable (chmod u+w) to edit it")
	}
	if fi, err := dir.Stat("."); err == nil && fi.Mode().Perm()&0o222 == 0 {
		return editError(query.CodePermission, fmt.Sprintf("its folder is read-only (mode %04o); nothing was written", fi.Mode().Perm()),
			"make the folder writable (chmod u+w) to edit files in it")
	}
	return nil
}

// writeTemp writes content to a new temporary file beside name in dir, gives it the mode (and
// owner, where the system allows) of the file info describes, and syncs it. It returns the
// temporary file's name and its stat data once synced.
func writeTemp(dir *os.Root, name string, content []byte, info os.FileInfo, w *Written) (string, os.FileInfo, error) {
	var f *os.File
	var tmp string
	for range 10 {
		tmp = tempName(name)
		var err error
		f, err = dir.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", nil, err
		}
	}
	if f == nil {
		return "", nil, errors.New("no free temporary name")
	}
	trace("temp-created")
	var synced os.FileInfo
	err := func() error {
		for off, n := 0, 1; off < len(content); n++ {
			end := min(off+1<<20, len(content))
			if _, err := f.Write(content[off:end]); err != nil {
				return err
			}
			off = end
			trace(fmt.Sprintf("temp-written-%d", n))
		}
		if err := f.Chmod(info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
			return err
		}
		if uid, gid, ok := ownerOf(info); ok && (uid != os.Geteuid() || gid != os.Getegid()) {
			if err := f.Chown(uid, gid); err != nil {
				if f.Chown(-1, gid) != nil {
					w.Notes = append(w.Notes, "the file's owner and group could not be kept: it now belongs to you")
				} else {
					w.Notes = append(w.Notes, "the file's owner could not be kept: it now belongs to you (its group is kept)")
				}
			}
		}
		if err := f.Sync(); err != nil {
			return err
		}
		var err error
		synced, err = f.Stat()
		return err
	}()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = dir.Remove(tmp)
		return "", nil, err
	}
	trace("temp-synced")
	return tmp, synced, nil
}

// tempName is a name for the temporary file of name: hidden, beside it, unique, and within the
// 255 bytes a name may take.
func tempName(name string) string {
	var r [6]byte
	_, _ = rand.Read(r[:])
	suffix := ".readmap-" + hex.EncodeToString(r[:]) + ".tmp"
	if len(name) > 255-1-len(suffix) {
		name = name[:255-1-len(suffix)]
	}
	return "." + name + suffix
}

// writeError is a failure to write: a permission problem says so, with what to do; anything else
// (no space left, an I/O error) is CodeFailed. Nothing was written either way.
func writeError(p Place, what string, err error) error {
	var pe *fs.PathError
	reason := err.Error()
	if errors.As(err, &pe) {
		reason = pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		reason = le.Err.Error()
	}
	msg := fmt.Sprintf("cannot %s: %s; nothing was written", what, reason)
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		return editError(query.CodePermission, msg, "the folder (or .readmap/backups under the root) may not be written: make it writable")
	}
	return editError(query.CodeFailed, msg, "")
}

// folderError is a failure to open, through the root, the folder the file was read in: it is gone,
// or a symbolic link put in its place leads out of the root (os.Root refuses to follow it).
func folderError(p Place, err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return writeError(p, "open the folder", err)
	}
	var pe *fs.PathError
	reason := err.Error()
	if errors.As(err, &pe) {
		reason = pe.Err.Error()
	}
	return editError(query.CodeChanged, "its folder moved while it was being edited ("+reason+"); nothing was written",
		"read the file again; a folder on its path may now be a symbolic link, which edit does not follow out of the root")
}

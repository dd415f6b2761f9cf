package edit

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/readmap/readmap/query"
)

// Backups: before a write, the old file is kept under ROOT/.readmap/backups/KEY/TIME, where KEY
// is the file's path relative to the root (absolute for a file outside it) with '%' and '/'
// escaped as %25 and %2F (or, past 200 bytes, a hash and the file's name), and TIME is the UTC
// time to the nanosecond, 20261123T201455.123456789Z, so that names sort in time order. The last
// KeepBackups of each file are kept. A backup is a hard link to the old file where it can be (the
// rename leaves the old file to the backup alone, so nothing is copied), else a copy, synced.
const (
	backupsDir = ".readmap/backups"
	// KeepBackups is how many backups of each file are kept.
	KeepBackups = 20
	timeLayout  = "20060102T150405.000000000Z"
)

// backups is the backups folder of the root opened as repo.
type backups struct{ repo *os.Root }

// backupKey is the folder name of a file's backups.
func backupKey(rel string) string {
	key := strings.ReplaceAll(strings.ReplaceAll(rel, "%", "%25"), "/", "%2F")
	if len(key) <= 200 {
		return key
	}
	sum := sha256.Sum256([]byte(rel))
	base := path.Base(rel)
	if len(base) > 100 {
		base = base[:100]
	}
	return hex.EncodeToString(sum[:12]) + "-" + strings.ReplaceAll(base, "%", "%25")
}

// keyOf returns the backup key of the file at p: its path relative to the root inside it, its
// absolute path outside.
func keyOf(p Place) string {
	if rel, inside := p.inside(); inside {
		return backupKey(rel)
	}
	return backupKey(filepath.ToSlash(p.Real))
}

// folder makes (when create is set) and returns the backups folder of key, relative to the root.
func (b backups) folder(key string, create bool) (string, error) {
	dir := filepath.Join(filepath.FromSlash(backupsDir), key)
	if !create {
		return dir, nil
	}
	if _, err := b.repo.Lstat(".readmap"); errors.Is(err, fs.ErrNotExist) {
		if err := b.repo.Mkdir(".readmap", 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return "", err
		}
		// As the store does: nothing under .readmap/ is for git.
		if f, err := b.repo.OpenFile(filepath.Join(".readmap", ".gitignore"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644); err == nil {
			_, _ = f.WriteString("*\n")
			f.Close()
		}
	}
	return dir, b.repo.MkdirAll(dir, 0o755)
}

// keep keeps the file at p (rel inside the root when inside is set) as its newest backup: a hard
// link when the file is inside the root and has no other link, else a copy of src. It returns the
// backup's path relative to the root, with '/' separators, and whether it is a hard link.
func (b backups) keep(rel string, inside bool, p Place, src []byte) (string, bool, error) {
	dir, err := b.folder(keyOf(p), true)
	if err != nil {
		return "", false, err
	}
	stamp := time.Now().UTC().Format(timeLayout)
	linked := false
	var name string
	for n := 1; ; n++ {
		name = filepath.Join(dir, stamp)
		if n > 1 {
			name += fmt.Sprintf("-%d", n)
		}
		if inside && linkCount(p.Info) <= 1 {
			err = b.repo.Link(filepath.FromSlash(rel), name)
			if err == nil {
				linked = true
				break
			}
			if errors.Is(err, fs.ErrExist) {
				continue
			}
		}
		err = b.copy(name, src, p.Info)
		if !errors.Is(err, fs.ErrExist) {
			break
		}
	}
	if err != nil {
		return "", false, err
	}
	if d, err := b.repo.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	b.prune(dir, filepath.Base(name))
	return filepath.ToSlash(name), linked, nil
}

// copy writes src to the new file name (relative to the root), with the mode bits of the file
// info describes, and syncs it.
func (b backups) copy(name string, src []byte, info os.FileInfo) error {
	f, err := b.repo.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, info.Mode().Perm())
	if err != nil {
		return err
	}
	_, err = f.Write(src)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = b.repo.Remove(name)
	}
	return err
}

// names lists the backups in dir, oldest first.
func (b backups) names(dir string) ([]string, error) {
	d, err := b.repo.Open(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(names, compareBackups)
	return names, nil
}

// compareBackups orders backup names by time, then by their counter ("-2" after the plain name).
func compareBackups(a, b string) int {
	ta, na, _ := strings.Cut(a, "-")
	tb, nb, _ := strings.Cut(b, "-")
	if c := strings.Compare(ta, tb); c != 0 {
		return c
	}
	if len(na) != len(nb) {
		return len(na) - len(nb)
	}
	return strings.Compare(na, nb)
}

// prune removes all but the newest KeepBackups backups in dir, never the one just made
// (a clock set back can give it an older name).
func (b backups) prune(dir, just string) {
	names, err := b.names(dir)
	if err != nil || len(names) <= KeepBackups {
		return
	}
	names = slices.DeleteFunc(names, func(n string) bool { return n == just })
	for _, n := range names[:len(names)-(KeepBackups-1)] {
		_ = b.repo.Remove(filepath.Join(dir, n))
	}
}

// Backup is a kept copy of a file.
type Backup struct {
	Path    string // relative to the root, '/' separators
	Content []byte
}

// Newest returns the newest backup of the file at p, or a CodeNoBackup error.
func Newest(p Place) (*Backup, error) {
	repo, err := os.OpenRoot(p.Root)
	if err != nil {
		return nil, writeError(p, "open the root", err)
	}
	defer repo.Close()
	b := backups{repo: repo}
	dir, _ := b.folder(keyOf(p), false)
	names, err := b.names(dir)
	none := editError(query.CodeNoBackup, "no backup to restore",
		"readmap keeps a backup under "+backupsDir+"/ before each edit; this file has none (it was not edited by readmap here, or its backups were removed)")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, none
	}
	if err != nil {
		return nil, writeError(p, "list its backups", err)
	}
	for _, n := range slices.Backward(names) {
		name := filepath.Join(dir, n)
		if fi, err := repo.Lstat(name); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		content, err := repo.ReadFile(name)
		if err != nil {
			return nil, writeError(p, "read its backup "+filepath.ToSlash(name), err)
		}
		return &Backup{Path: filepath.ToSlash(name), Content: content}, nil
	}
	return nil, none
}

package store

import (
	"context"
	"database/sql/driver"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// The store speaks to SQLite compiled into the binary through cgo (github.com/mattn/go-sqlite3),
// which the build needs anyway for the tree-sitter grammars. It replaced modernc.org/sqlite, the
// same SQLite translated to Go, whose every statement, bound value and row cost about half as much
// again: an index run's single writer is the critical path of a small tree. 11 runs alternating,
// median wall: Debian's Lua modules 80.0 -> 75.6 ms, bash completions 73.3 -> 62.6, PHP libraries
// 37.4 -> 32.7, Rust crates 276 -> 251, PostgreSQL scripts 51.9 -> 45.7.

// sqliteDriver opens the store's connections.
var sqliteDriver = &sqlite3.SQLiteDriver{}

// connector opens a connection to uri (a SQLite URI filename, with the driver's own _txlock key)
// and runs its pragmas in their order: the driver's own keys would set the journal mode before
// synchronous, and a new store must switch to WAL without syncs (see openDB).
type connector struct {
	uri     string
	pragmas []string // each run as PRAGMA p
}

// Connect opens a connection and applies the pragmas.
func (c *connector) Connect(context.Context) (driver.Conn, error) {
	conn, err := sqliteDriver.Open(c.uri)
	if err != nil {
		return nil, err
	}
	sc := conn.(*sqlite3.SQLiteConn)
	for _, p := range c.pragmas {
		if _, err := sc.Exec("PRAGMA "+p, nil); err != nil {
			sc.Close()
			return nil, err
		}
	}
	return conn, nil
}

// Driver returns the driver the connections come from.
func (c *connector) Driver() driver.Driver { return sqliteDriver }

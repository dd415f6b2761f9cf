// Package server is a fixture for readmap's Go mapper: every kind it maps.
package server

import (
	"context"
	"net/http"
)

// MaxConns caps connections.
const MaxConns = 100

const (
	modeA Mode = iota
	modeB
)

var (
	defaultServer  *Server
	counter, total int
)

// Mode selects behaviour.
type Mode int

// Server serves.
type Server struct {
	Addr string
	*http.Server
	mu, other int
}

// Handler handles.
type Handler interface {
	ServeHTTP(w http.ResponseWriter, r *http.Request)
	context.Context
}

type Number interface {
	~int | ~float64
}

type (
	Pair[K comparable, V any] struct {
		Key K
		Val V
	}
	Alias = Server
)

// New makes a server.
func New(addr string) *Server {
	return &Server{Addr: addr}
}

// Handle handles one request.
func (s *Server) Handle(
	w http.ResponseWriter,
	r *http.Request,
) error {
	return nil
}

func (p Pair[K, V]) First() K { return p.Key }

func init() {}

package query

// Error is a failure of a query that the user can act on: a one-line reason and a hint naming
// what to do instead. Code is the stable identifier used in JSON errors.
type Error struct {
	Code string // "past_end", "ambiguous", "no_symbol", "bad_range", ...
	Msg  string
	Hint string
}

// Error returns the one-line reason.
func (e *Error) Error() string { return e.Msg }

func userError(code, msg, hint string) *Error {
	return &Error{Code: code, Msg: msg, Hint: hint}
}

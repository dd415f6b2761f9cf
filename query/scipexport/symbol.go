package scipexport

// suffix is the kind of a descriptor of a SCIP symbol, as the character its syntax ends it with
// (a method's "()." starts with '(': its disambiguator is always empty).
type suffix byte

// The descriptor suffixes readmap uses.
const (
	namespace suffix = '/'
	typ       suffix = '#'
	term      suffix = '.'
	method    suffix = '('
	macro     suffix = '!'
)

// symbolPrefix starts every global symbol: the scheme "readmap" and an empty package (manager,
// name and version ".").
const symbolPrefix = "readmap . . . "

// appendDescriptor appends the descriptor name with suffix s in SCIP's symbol syntax, as the
// bindings' VerboseSymbolFormatter writes it: a name that is not a simple identifier (made of
// ASCII letters, digits, '_', '+', '-' and '$') is put between backticks with its backticks
// doubled. An empty name is written as it is, as the formatter does, though the syntax has no
// empty identifier.
func appendDescriptor(b []byte, name string, s suffix) []byte {
	if simpleIdentifier(name) {
		b = append(b, name...)
	} else {
		b = append(b, '`')
		for i := 0; i < len(name); i++ {
			if name[i] == '`' {
				b = append(b, '`')
			}
			b = append(b, name[i])
		}
		b = append(b, '`')
	}
	if s == method {
		return append(b, "()."...)
	}
	return append(b, byte(s))
}

// simpleIdentifier reports whether name is made of simple identifier characters only. The test
// is of bytes: every byte of a multi-byte or invalid character is one that is not.
func simpleIdentifier(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c == '+' || c == '-' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

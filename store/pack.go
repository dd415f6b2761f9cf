package store

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"io"
	"strings"
	"sync"

	"github.com/klauspost/compress/s2"
)

// A file's symbols and imports are stored as one packed value in its row (files.symbols): one
// B-tree row per symbol cost about 200 bytes a symbol on the Linux kernel and most of the writer's
// time. The format:
//
//	format byte: packRaw; packS2 when the rest is compressed as one S2 block (the format of
//	             klauspost/compress/s2, a superset of Snappy's); packDeflate when it is deflated
//	             (raw DEFLATE, RFC 1951), as stores written before S2 hold
//	uvarint count, then each kind name used (uvarint length, bytes)
//	uvarint count, then each import (uvarint length, bytes)
//	uvarint count, then each symbol:
//	  uvarint  index of its kind name in the list above
//	  string   name (uvarint length, bytes)
//	  uvarint  qualname: 0 the name; 1 the parent's qualname, ".", the name; n+2 then n bytes
//	  uvarint  signature: 0 empty; 1 then a string; p+2 then a string s with the name elided at
//	           byte p (the signature is s[:p] + name + s[p:])
//	  varint   start line minus the previous symbol's start line
//	  varint   end line minus start line
//	  varint   own index minus parent (0 for no parent, which is stored as -1)
//	  uvarint  depth
//
// Kinds are stored by name, so a change to the order of the Kind constants never misreads a row.
const (
	packRaw     byte = 1
	packDeflate byte = 2
	packS2      byte = 3
)

// compressAbove is the packed size from which a value is compressed: below it S2 gains nothing.
// S2 replaced DEFLATE, whose fastest level (klauspost/compress's stateless blocks) packed GOROOT's
// 18.3 MB of values into 7.15 MB in 114 ms; S2 packs them into 9.10 MB in 32 ms, and decodes
// several times as fast. Deflating was a twentieth of an index's CPU; the store grows by about a
// twentieth (the values are a sixth of the Linux kernel's store, a fifth of GOROOT's).
const compressAbove = 64

var errPacked = errors.New("damaged packed symbols")

type packer struct {
	buf   []byte
	kinds map[Kind]int
	order []Kind
	out   []byte // the compressed value
}

var packers = sync.Pool{New: func() any { return &packer{kinds: map[Kind]int{}} }}

// packSymbols returns the packed value of syms and imports, nil when both are empty.
func packSymbols(syms []Symbol, imports []string) []byte {
	if len(syms) == 0 && len(imports) == 0 {
		return nil
	}
	p := packers.Get().(*packer)
	defer packers.Put(p)
	clear(p.kinds)
	p.order = p.order[:0]
	for _, s := range syms {
		if _, ok := p.kinds[s.Kind]; !ok {
			p.kinds[s.Kind] = len(p.order)
			p.order = append(p.order, s.Kind)
		}
	}
	b := p.buf[:0]
	b = binary.AppendUvarint(b, uint64(len(p.order)))
	for _, k := range p.order {
		b = appendString(b, k.String())
	}
	b = binary.AppendUvarint(b, uint64(len(imports)))
	for _, imp := range imports {
		b = appendString(b, imp)
	}
	b = binary.AppendUvarint(b, uint64(len(syms)))
	prevStart := 0
	for i, s := range syms {
		b = binary.AppendUvarint(b, uint64(p.kinds[s.Kind]))
		b = appendString(b, s.Name)
		switch {
		case s.Qualname == s.Name:
			b = append(b, 0)
		case s.Parent >= 0 && s.Parent < i && len(s.Qualname) == len(syms[s.Parent].Qualname)+1+len(s.Name) &&
			strings.HasPrefix(s.Qualname, syms[s.Parent].Qualname) && s.Qualname[len(syms[s.Parent].Qualname)] == '.' &&
			strings.HasSuffix(s.Qualname, s.Name):
			b = append(b, 1)
		default:
			b = binary.AppendUvarint(b, uint64(len(s.Qualname))+2)
			b = append(b, s.Qualname...)
		}
		switch at := strings.Index(s.Signature, s.Name); {
		case s.Signature == "":
			b = append(b, 0)
		case at < 0 || s.Name == "":
			b = append(b, 1)
			b = appendString(b, s.Signature)
		default:
			b = binary.AppendUvarint(b, uint64(at)+2)
			b = binary.AppendUvarint(b, uint64(len(s.Signature)-len(s.Name)))
			b = append(b, s.Signature[:at]...)
			b = append(b, s.Signature[at+len(s.Name):]...)
		}
		b = binary.AppendVarint(b, int64(s.StartLine-prevStart))
		prevStart = s.StartLine
		b = binary.AppendVarint(b, int64(s.EndLine-s.StartLine))
		b = binary.AppendVarint(b, int64(i-s.Parent))
		b = binary.AppendUvarint(b, uint64(s.Depth))
	}
	p.buf = b
	if len(b) < compressAbove {
		return append([]byte{packRaw}, b...)
	}
	p.out = s2.Encode(p.out[:cap(p.out)], b)
	if len(p.out) >= len(b) {
		return append([]byte{packRaw}, b...)
	}
	return append([]byte{packS2}, p.out...)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// inflaters read the deflated values of stores written before S2 (the standard library's reader:
// klauspost's, a faster one, built its tables when every command started).
var inflaters = sync.Pool{New: func() any { return flate.NewReader(bytes.NewReader(nil)) }}

// unpackBytes returns the packed payload of v, decoded when it was compressed (S2) or deflated.
func unpackBytes(v []byte) ([]byte, error) {
	if len(v) == 0 {
		return nil, nil
	}
	switch v[0] {
	case packRaw:
		return v[1:], nil
	case packS2:
		out, err := s2.Decode(nil, v[1:])
		if err != nil {
			return nil, errPacked
		}
		return out, nil
	case packDeflate:
		r := inflaters.Get().(io.ReadCloser)
		defer inflaters.Put(r)
		if err := r.(flate.Resetter).Reset(bytes.NewReader(v[1:]), nil); err != nil {
			return nil, errPacked
		}
		out, err := io.ReadAll(r)
		if err != nil {
			return nil, errPacked
		}
		return out, nil
	}
	return nil, errPacked
}

// unpacked reads a packed payload.
type unpacked struct {
	b   []byte
	err bool
}

func (u *unpacked) uvarint() uint64 {
	v, n := binary.Uvarint(u.b)
	if n <= 0 {
		u.err, u.b = true, nil
		return 0
	}
	u.b = u.b[n:]
	return v
}

func (u *unpacked) varint() int64 {
	v, n := binary.Varint(u.b)
	if n <= 0 {
		u.err, u.b = true, nil
		return 0
	}
	u.b = u.b[n:]
	return v
}

func (u *unpacked) bytes(n uint64) []byte {
	if n > uint64(len(u.b)) {
		u.err, u.b = true, nil
		return nil
	}
	s := u.b[:n]
	u.b = u.b[n:]
	return s
}

func (u *unpacked) string() string { return string(u.bytes(u.uvarint())) }

// unpackSymbols decodes a packed value into its symbols and imports. keep, when not nil, is asked
// with each symbol's name (a view valid only during the call) and decides whether that symbol is
// returned; ords then gives each returned symbol's position in the file. Symbols are otherwise
// all returned, in source order.
func unpackSymbols(v []byte, keep func(name []byte) bool) (syms []Symbol, ords []int, imports []string, err error) {
	payload, err := unpackBytes(v)
	if err != nil || payload == nil {
		return nil, nil, nil, err
	}
	u := &unpacked{b: payload}
	nk := u.uvarint()
	if nk > uint64(len(u.b)) {
		return nil, nil, nil, errPacked
	}
	kinds := make([]Kind, nk)
	for i := range kinds {
		kinds[i], _ = ParseKind(string(u.bytes(u.uvarint())))
	}
	ni := u.uvarint()
	if ni > uint64(len(u.b)) {
		return nil, nil, nil, errPacked
	}
	if ni > 0 && keep == nil {
		imports = make([]string, ni)
		for i := range imports {
			imports[i] = u.string()
		}
	} else {
		for range ni {
			u.bytes(u.uvarint())
		}
	}
	ns := u.uvarint()
	if ns > uint64(len(u.b)) {
		return nil, nil, nil, errPacked
	}
	// A filtered decode keeps where each symbol's qualname is written (views into the payload),
	// and spells one out only when a kept symbol, or a kept symbol's child, needs it.
	var quals []packedQual
	if keep == nil {
		syms = make([]Symbol, 0, ns)
	} else {
		quals = make([]packedQual, ns)
	}
	start := 0
	for i := 0; i < int(ns) && !u.err; i++ {
		k := u.uvarint()
		name := u.bytes(u.uvarint())
		qtag := u.uvarint()
		var qual []byte
		if qtag >= 2 {
			qual = u.bytes(qtag - 2)
		}
		stag := u.uvarint()
		var sigA, sigB []byte
		at := -1
		switch {
		case stag == 1:
			sigA = u.bytes(u.uvarint())
		case stag >= 2:
			rest := u.bytes(u.uvarint())
			at = int(stag - 2)
			if at > len(rest) {
				u.err = true
				break
			}
			sigA, sigB = rest[:at], rest[at:]
		}
		start += int(u.varint())
		end := start + int(u.varint())
		parent := i - int(u.varint())
		depth := int(u.uvarint())
		if u.err || k >= uint64(len(kinds)) {
			return nil, nil, nil, errPacked
		}
		if qtag == 1 && (parent < 0 || parent >= i) {
			return nil, nil, nil, errPacked
		}
		if quals != nil {
			quals[i] = packedQual{tag: qtag, name: name, qual: qual, parent: parent}
			if !keep(name) {
				continue
			}
		}
		s := Symbol{Name: string(name), Kind: kinds[k], StartLine: start, EndLine: end, Depth: depth, Parent: parent}
		switch {
		case quals != nil:
			s.Qualname = qualnameAt(quals, i)
		case qtag == 0:
			s.Qualname = s.Name
		case qtag == 1:
			s.Qualname = syms[parent].Qualname + "." + s.Name
		default:
			s.Qualname = string(qual)
		}
		switch {
		case stag == 1:
			s.Signature = string(sigA)
		case stag >= 2:
			s.Signature = string(sigA) + s.Name + string(sigB)
		}
		syms = append(syms, s)
		if keep != nil {
			ords = append(ords, i)
		}
	}
	if u.err {
		return nil, nil, nil, errPacked
	}
	return syms, ords, imports, nil
}

// packedQual is where a packed symbol's qualname is written, for a filtered decode: its tag (0
// the name, 1 the parent's qualname and the name, else qual), views of its name and qual, its
// parent, and the qualname once spelt out.
type packedQual struct {
	tag          uint64
	name, qual   []byte
	parent       int
	spelt        string
	alreadySpelt bool
}

// qualnameAt spells out the qualname of symbol i, and of the parents it is made of, once.
func qualnameAt(quals []packedQual, i int) string {
	q := &quals[i]
	if !q.alreadySpelt {
		switch q.tag {
		case 0:
			q.spelt = string(q.name)
		case 1:
			q.spelt = qualnameAt(quals, q.parent) + "." + string(q.name)
		default:
			q.spelt = string(q.qual)
		}
		q.alreadySpelt = true
	}
	return q.spelt
}

// packedNames returns the distinct names (NOCASE) of a packed value's symbols, without decoding
// the rest of each symbol into strings.
func packedNames(v []byte) ([]string, error) {
	var names []string
	seen := map[string]bool{}
	_, _, _, err := unpackSymbols(v, func(name []byte) bool {
		if key := string(foldASCII(name)); !seen[key] {
			seen[key] = true
			names = append(names, string(name))
		}
		return false
	})
	return names, err
}

// foldASCII returns b with A-Z lowered, as SQLite's NOCASE compares; b itself when it has none.
func foldASCII(b []byte) []byte {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			out := bytes.Clone(b)
			for j := i; j < len(out); j++ {
				if 'A' <= out[j] && out[j] <= 'Z' {
					out[j] += 'a' - 'A'
				}
			}
			return out
		}
	}
	return b
}

// foldString is foldASCII for strings.
func foldString(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return string(foldASCII([]byte(s)))
		}
	}
	return s
}

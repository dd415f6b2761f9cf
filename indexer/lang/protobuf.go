package lang

import (
	"bytes"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/protobuf"

	"github.com/readmap/readmap/store"
)

// protobufGrammar returns Protobuf's table for the tree-sitter walk.
func protobufGrammar() *tsGrammar {
	g := &tsGrammar{
		language: protobuf.GetLanguage,
		unclosed: []tsDelims{{"/*", "*/"}},
		prepare:  protoPrepare,
		rules: map[string]*tsRule{
			"import":      {handle: protoImport},
			"message":     {handle: protoBlock(store.KindMessage, "message_name", "message_body")},
			"enum":        {handle: protoBlock(store.KindEnum, "enum_name", "enum_body")},
			"service":     {handle: protoBlock(store.KindService, "service_name", "")},
			"oneof":       {handle: protoBlock(store.KindUnion, "identifier", "")},
			"rpc":         {handle: protoRPC},
			"field":       {handle: protoField(store.KindField)},
			"map_field":   {handle: protoField(store.KindField)},
			"oneof_field": {handle: protoField(store.KindField)},
			"enum_field":  {handle: protoField(store.KindEnumMember)},
		},
	}
	return g
}

var (
	protoSyntax   = lazyRegexp(`(?m)^\s*syntax\s*=\s*["']proto(\d)["']`)
	protoRequired = lazyRegexp(`(?m)^(\s*)required(\s)`)
)

// protoPrepare makes proto2 files parseable by the grammar, which knows proto3 only and wants a
// syntax statement: it declares proto3 (on the first line, so that no line moves) and blanks the
// `required` label. Only what the grammar rejects is touched.
func protoPrepare(src []byte) []byte {
	loc := protoSyntax().FindSubmatchIndex(src)
	if loc != nil && string(src[loc[2]:loc[3]]) == "3" {
		return src
	}
	out := make([]byte, 0, len(src)+20)
	if loc == nil {
		out = append(out, `syntax = "proto3";`...)
		out = append(out, src...)
	} else {
		out = append(out, src...)
		out[loc[2]] = '3'
	}
	return protoRequired().ReplaceAllFunc(out, func(m []byte) []byte {
		blank := bytes.Clone(m)
		for i, b := range blank {
			if b != '\n' && b != '\r' {
				blank[i] = ' '
			}
		}
		return blank
	})
}

func protoImport(w *tsWalk, n *sitter.Node, _ tsAt) int {
	w.addImport(unquote(w.fieldText(n, "path")))
	return -1
}

// protoBlock maps messages, enums, services and oneofs: named by their child of type nameType,
// with members in their child of type bodyType or, without one, among their own children.
func protoBlock(kind store.Kind, nameType, bodyType string) func(w *tsWalk, n *sitter.Node, at tsAt) int {
	return func(w *tsWalk, n *sitter.Node, at tsAt) int {
		name := w.text(w.childOfType(n, nameType))
		if name == "" {
			return -1
		}
		body := n
		if bodyType != "" {
			body = w.childOfType(n, bodyType)
		}
		s := w.place(n, at, name, kind)
		s.Signature = protoHead(w, w.sigStartAt(n, at), n.EndByte())
		idx := w.add(s)
		w.members(body, tsAt{parent: idx, start: -1, sig: -1})
		return idx
	}
}

// protoHead is the signature of a declaration: its source up to the "{" or ";" that ends its head.
func protoHead(w *tsWalk, from, to uint32) string {
	s := w.raw(from, to)
	if i := bytes.IndexAny([]byte(s), "{;"); i >= 0 {
		s = s[:i]
	}
	return joinSig(s)
}

func protoRPC(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.text(w.childOfType(n, "rpc_name"))
	if name == "" {
		return -1
	}
	s := w.place(n, at, name, store.KindRPC)
	s.Signature = protoHead(w, w.sigStartAt(n, at), n.EndByte())
	return w.add(s)
}

func protoField(kind store.Kind) func(w *tsWalk, n *sitter.Node, at tsAt) int {
	return func(w *tsWalk, n *sitter.Node, at tsAt) int {
		name := w.text(w.childOfType(n, "identifier"))
		if name == "" {
			return -1
		}
		return w.span(n, at, name, kind, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
	}
}

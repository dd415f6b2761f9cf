package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// The input schemas of the MCP tools. A tool's parameters are a Go struct (mcpReadInput, …); the
// JSON Schema that tools/list shows for it, and the check and decoding of the arguments of a
// tools/call, both come from that struct, here, so that they cannot disagree. The rules are those
// of github.com/google/jsonschema-go's For, whose schemas the MCP SDK served before readmap spoke
// MCP itself (TestMCPSchemasMatchJSONSchemaGo compares the two):
//
//   - a struct is an object: one property per field, named by its json tag and described by its
//     jsonschema tag; the fields without omitempty are required; no other property is allowed;
//   - string, bool, int and float64 are "string", "boolean", "integer" and "number";
//   - a pointer is its element's type or null; a slice is an array of its element's schema, or
//     null. Null, like leaving the property out, leaves the field nil.
//
// Only the types the inputs use are known; schemaFor panics on any other, which every test that
// starts the server would show.

// jsonSchema is the schema of a tool's input or of a part of it.
type jsonSchema struct {
	typ         string // "object", "array", "string", "boolean", "integer" or "number"
	nullable    bool   // null is allowed too: the Go type is a pointer or a slice
	description string
	items       *jsonSchema      // of an array
	properties  []schemaProperty // of an object, in the struct's order
	required    []string         // of an object
}

// schemaProperty is a property of an object schema and the struct field it is decoded into.
type schemaProperty struct {
	name   string
	field  int
	schema *jsonSchema
}

// schemaFor returns the schema of Go type t by the rules above.
func schemaFor(t reflect.Type) *jsonSchema {
	switch t.Kind() {
	case reflect.Pointer:
		s := schemaFor(t.Elem())
		s.nullable = true
		return s
	case reflect.String:
		return &jsonSchema{typ: "string"}
	case reflect.Bool:
		return &jsonSchema{typ: "boolean"}
	case reflect.Int:
		return &jsonSchema{typ: "integer"}
	case reflect.Float64:
		return &jsonSchema{typ: "number"}
	case reflect.Slice:
		return &jsonSchema{typ: "array", nullable: true, items: schemaFor(t.Elem())}
	case reflect.Struct:
		s := &jsonSchema{typ: "object"}
		for i := range t.NumField() {
			f := t.Field(i)
			name, options, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || f.Anonymous || name == "" || name == "-" {
				panic(fmt.Sprintf("schemaFor: field %s of %s needs a json name", f.Name, t))
			}
			p := schemaFor(f.Type)
			p.description = f.Tag.Get("jsonschema")
			s.properties = append(s.properties, schemaProperty{name: name, field: i, schema: p})
			if !slices.Contains(strings.Split(options, ","), "omitempty") {
				s.required = append(s.required, name)
			}
		}
		return s
	}
	panic(fmt.Sprintf("schemaFor: %s is no type of a tool's input", t))
}

// MarshalJSON writes the schema as jsonschema-go does: a nullable type as ["null", type], the
// properties in the struct's order, and additionalProperties false on every object.
func (s *jsonSchema) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"type":`)
	if s.nullable {
		writeJSON(&b, []string{"null", s.typ})
	} else {
		writeJSON(&b, s.typ)
	}
	if s.description != "" {
		b.WriteString(`,"description":`)
		writeJSON(&b, s.description)
	}
	if s.items != nil {
		b.WriteString(`,"items":`)
		writeJSON(&b, s.items)
	}
	if len(s.properties) > 0 {
		b.WriteString(`,"properties":{`)
		for i, p := range s.properties {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(&b, p.name)
			b.WriteByte(':')
			writeJSON(&b, p.schema)
		}
		b.WriteByte('}')
	}
	if s.typ == "object" {
		if len(s.required) > 0 {
			b.WriteString(`,"required":`)
			writeJSON(&b, s.required)
		}
		b.WriteString(`,"additionalProperties":false`)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeJSON appends v, a string, a list of strings or a schema, as JSON: none of them can fail
// to encode.
func writeJSON(b *bytes.Buffer, v any) {
	data, _ := json.Marshal(v)
	b.Write(data)
}

// decode checks the JSON value raw against s and stores it in v, a settable value of the Go type
// s was made from. at names the value in an error ("", "page", "batch[2].old"). An integer may be
// written as any JSON number with an integral value (2, 2.0, 2e0), as JSON Schema counts it.
func (s *jsonSchema) decode(raw json.RawMessage, v reflect.Value, at string) error {
	got := jsonType(raw)
	if got == "null" && s.nullable {
		return nil
	}
	if got != s.typ && (got != "integer" || s.typ != "number") {
		return fmt.Errorf("%sgot %s, want %s: %s", atPrefix(at), withArticle(got), s.typeName(), raw)
	}
	if v.Kind() == reflect.Pointer {
		v.Set(reflect.New(v.Type().Elem()))
		v = v.Elem()
	}
	switch s.typ {
	case "object":
		return s.decodeObject(raw, v, at)
	case "array":
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return fmt.Errorf("%s%w", atPrefix(at), err)
		}
		v.Set(reflect.MakeSlice(v.Type(), len(items), len(items)))
		for i, item := range items {
			if err := s.items.decode(item, v.Index(i), fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
	case "string":
		var str string
		if err := json.Unmarshal(raw, &str); err != nil {
			return fmt.Errorf("%s%w", atPrefix(at), err)
		}
		v.SetString(str)
	case "boolean":
		v.SetBool(raw[0] == 't')
	case "integer":
		n, err := strconv.ParseInt(string(raw), 10, 64)
		if err != nil { // written as 2.0 or 2e0, or out of range
			f, _ := strconv.ParseFloat(string(raw), 64) // integral: jsonType checked it
			if f < math.MinInt64 || f >= math.MaxInt64 {
				return fmt.Errorf("%s%s is out of range", atPrefix(at), raw)
			}
			n = int64(f)
		}
		if v.OverflowInt(n) {
			return fmt.Errorf("%s%s is out of range", atPrefix(at), raw)
		}
		v.SetInt(n)
	case "number":
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil {
			return fmt.Errorf("%s%s is out of range", atPrefix(at), raw)
		}
		v.SetFloat(f)
	}
	return nil
}

// decodeObject decodes the JSON object raw into the struct v: every property it has must be one
// of s's, every required one present, and each of the schema its field gives.
func (s *jsonSchema) decodeObject(raw json.RawMessage, v reflect.Value, at string) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		return fmt.Errorf("%s%w", atPrefix(at), err)
	}
	var unknown, missing []string
	for name := range members {
		if !slices.ContainsFunc(s.properties, func(p schemaProperty) bool { return p.name == name }) {
			unknown = append(unknown, strconv.Quote(name))
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		known := make([]string, len(s.properties))
		for i, p := range s.properties {
			known[i] = p.name
		}
		return fmt.Errorf("%sunknown %s %s (the properties are %s)", atPrefix(at), propertyWord(len(unknown)),
			strings.Join(unknown, ", "), strings.Join(known, ", "))
	}
	for _, name := range s.required {
		if _, ok := members[name]; !ok {
			missing = append(missing, strconv.Quote(name))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%smissing required %s %s", atPrefix(at), propertyWord(len(missing)), strings.Join(missing, ", "))
	}
	for _, p := range s.properties {
		if m, ok := members[p.name]; ok {
			if err := p.schema.decode(m, v.Field(p.field), memberPath(at, p.name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// jsonType is the JSON Schema type of the valid JSON value raw; a number is an integer when its
// value is integral.
func jsonType(raw json.RawMessage) string {
	switch raw[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	if f, err := strconv.ParseFloat(string(raw), 64); err == nil && f == math.Trunc(f) {
		return "integer"
	}
	return "number"
}

// typeName is what the schema takes, as an error names it: "an integer", "a string or null".
func (s *jsonSchema) typeName() string {
	if s.nullable {
		return withArticle(s.typ) + " or null"
	}
	return withArticle(s.typ)
}

// withArticle returns a JSON Schema type name with its indefinite article.
func withArticle(typ string) string {
	switch typ {
	case "object", "array", "integer":
		return "an " + typ
	case "null":
		return typ
	}
	return "a " + typ
}

// atPrefix is the prefix of an error about the value at at.
func atPrefix(at string) string {
	if at == "" {
		return ""
	}
	return at + ": "
}

// memberPath names property name of the object at at.
func memberPath(at, name string) string {
	if at == "" {
		return name
	}
	return at + "." + name
}

// propertyWord is "property" or "properties", to follow n.
func propertyWord(n int) string {
	if n == 1 {
		return "property"
	}
	return "properties"
}

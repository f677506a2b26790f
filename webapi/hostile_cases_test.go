package webapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The requests of the bad-input parity table, made from openapi.yaml: each route's path
// parameters, documented query parameters and body fields, one hostile value at a time.

// apiDoc is the part of openapi.yaml the table reads.
type apiDoc struct {
	Paths      map[string]map[string]any `yaml:"paths"`
	Components struct {
		Schemas map[string]any `yaml:"schemas"`
	} `yaml:"components"`
}

func readAPIDoc(t *testing.T) *apiDoc {
	t.Helper()
	raw, err := os.ReadFile("openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc apiDoc
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return &doc
}

var ginParams = regexp.MustCompile(`:([A-Za-z]+)`)

// operation finds a route's operation and the parameters documented for it.
func (d *apiDoc) operation(route string) (op map[string]any, params []map[string]any) {
	method, path, _ := strings.Cut(route, " ")
	item := d.Paths[ginParams.ReplaceAllString(path, "{$1}")]
	op, _ = item[strings.ToLower(method)].(map[string]any)
	for _, list := range []any{item["parameters"], op["parameters"]} {
		l, _ := list.([]any)
		for _, p := range l {
			if m, ok := p.(map[string]any); ok {
				params = append(params, m)
			}
		}
	}
	return op, params
}

// schema resolves $ref and merges allOf into one object schema.
func (d *apiDoc) schema(s any) map[string]any {
	m, _ := s.(map[string]any)
	if ref, ok := m["$ref"].(string); ok {
		return d.schema(d.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")])
	}
	all, ok := m["allOf"].([]any)
	if !ok {
		return m
	}
	merged := map[string]any{"type": "object"}
	props := map[string]any{}
	for _, part := range all {
		p := d.schema(part)
		for k, v := range p {
			if k != "properties" {
				merged[k] = v
			}
		}
		pp, _ := p["properties"].(map[string]any)
		for k, v := range pp {
			props[k] = v
		}
	}
	if len(props) > 0 {
		merged["properties"] = props
	}
	return merged
}

// baseValue is a plausible value of a field, so that requests get past the fields not
// under test.
func (d *apiDoc) baseValue(name string, s map[string]any) any {
	if v, ok := hostileFieldBase[name]; ok {
		return v
	}
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	switch s["type"] {
	case "integer", "number":
		return 1
	case "boolean":
		return true
	case "array":
		return []any{}
	case "object":
		out := map[string]any{}
		props, _ := s["properties"].(map[string]any)
		for k, v := range props {
			out[k] = d.baseValue(k, d.schema(v))
		}
		return out
	}
	switch s["format"] {
	case "date":
		return "2026-03-01"
	case "date-time":
		return "2026-03-20T18:00:00Z"
	}
	return "Hola"
}

// cases lists a route's hostile requests; the first is the plain request.
func (d *apiDoc) cases(route string) []hostileCase {
	method, path, _ := strings.Cut(route, " ")
	op, params := d.operation(route)
	base := hostileCase{label: "plain", method: method, path: ginParams.ReplaceAllStringFunc(path, func(p string) string {
		return hostilePathBase[p[1:]]
	})}
	var queryParams []map[string]any
	var required []string
	for _, p := range params {
		if p["in"] == "query" {
			queryParams = append(queryParams, p)
			if p["required"] == true {
				required = append(required, fmt.Sprintf("%s=%v", p["name"], d.baseValue(p["name"].(string), d.schema(p["schema"]))))
			}
		}
	}
	base.query = strings.Join(required, "&")
	form, fields := d.body(op)
	base.ctype, base.body = form.encode(fields, "", nil)
	out := []hostileCase{base}

	for _, name := range ginParams.FindAllString(path, -1) {
		for _, v := range hostileIDs {
			c := base
			c.label = "path " + name + "=" + v
			c.path = ginParams.ReplaceAllStringFunc(path, func(p string) string {
				if p == name {
					return v
				}
				return hostilePathBase[p[1:]]
			})
			out = append(out, c)
		}
	}
	for _, p := range queryParams {
		name := p["name"].(string)
		for _, v := range hostileQueryValues {
			c := base
			c.label = "query " + name + "=" + shorten(v)
			var q []string
			for _, r := range required {
				if !strings.HasPrefix(r, name+"=") {
					q = append(q, r)
				}
			}
			c.query = strings.Join(append(q, name+"="+v), "&")
			out = append(out, c)
		}
	}
	for _, v := range []string{"%00", "%FF"} {
		c := base
		c.label = "query x=" + v
		c.query = strings.TrimPrefix(base.query+"&x="+v, "&")
		out = append(out, c)
	}
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, name := range names {
		var values []string
		switch {
		case form == jsonBody && fields[name].kind == "string":
			values = hostileStrings
		case form == jsonBody && (fields[name].kind == "integer" || fields[name].kind == "number"):
			values = hostileNumbers
		case form == formBody:
			values = hostileText
		}
		for _, v := range values {
			c := base
			c.label = "body " + name + "=" + shorten(v)
			c.ctype, c.body = form.encode(fields, name, []byte(v))
			out = append(out, c)
		}
	}
	return out
}

func shorten(v string) string {
	if len(v) > 30 {
		return fmt.Sprintf("%s…(%d bytes)", v[:8], len(v))
	}
	if strings.IndexFunc(v, func(r rune) bool { return r < ' ' || r > '~' }) >= 0 {
		quoted := fmt.Sprintf("%q", v)
		return quoted[1 : len(quoted)-1]
	}
	return v
}

type bodyKind int

const (
	noBody bodyKind = iota
	jsonBody
	formBody
)

// bodyField is one field of a body: a leaf of a JSON object (nested objects are named
// by their path, a.b) or a part of a form.
type bodyField struct {
	kind string // string, integer, number, boolean, array, file
	base any
}

// body reads the fields of an operation's request body.
func (d *apiDoc) body(op map[string]any) (bodyKind, map[string]bodyField) {
	rb, _ := op["requestBody"].(map[string]any)
	content, _ := rb["content"].(map[string]any)
	fields := map[string]bodyField{}
	var walk func(prefix string, s map[string]any)
	walk = func(prefix string, s map[string]any) {
		props, _ := s["properties"].(map[string]any)
		for name, p := range props {
			ps := d.schema(p)
			kind, _ := ps["type"].(string)
			if ps["format"] == "binary" || kind == "array" && d.schema(ps["items"])["format"] == "binary" {
				fields[prefix+name] = bodyField{kind: "file"}
				continue
			}
			if kind == "object" {
				walk(prefix+name+".", ps)
				continue
			}
			fields[prefix+name] = bodyField{kind: kind, base: d.baseValue(name, ps)}
		}
	}
	if m, ok := content["application/json"].(map[string]any); ok {
		walk("", d.schema(m["schema"]))
		return jsonBody, fields
	}
	if m, ok := content["multipart/form-data"].(map[string]any); ok {
		walk("", d.schema(m["schema"]))
		return formBody, fields
	}
	return noBody, fields
}

const hostileMarker = "\x01hostile\x01"

// encode writes the body with each field at its base value, except hostile (when named),
// which holds raw: a JSON fragment, or the bytes of a form's text or file name.
func (k bodyKind) encode(fields map[string]bodyField, hostile string, raw []byte) (string, []byte) {
	names := make([]string, 0, len(fields))
	for n := range fields {
		names = append(names, n)
	}
	sort.Strings(names)
	switch k {
	case jsonBody:
		obj := map[string]any{}
		for _, n := range names {
			v := fields[n].base
			if n == hostile {
				v = hostileMarker
			}
			target := obj
			parts := strings.Split(n, ".")
			for _, p := range parts[:len(parts)-1] {
				if _, ok := target[p].(map[string]any); !ok {
					target[p] = map[string]any{}
				}
				target = target[p].(map[string]any)
			}
			target[parts[len(parts)-1]] = v
		}
		b, _ := json.Marshal(obj)
		marker, _ := json.Marshal(hostileMarker)
		return "application/json", bytes.Replace(b, marker, raw, 1)
	case formBody:
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		for _, n := range names {
			f := fields[n]
			switch {
			case f.kind == "file":
				name := "a.png"
				if n == hostile {
					name = string(raw)
				}
				part, _ := w.CreateFormFile(n, name)
				_, _ = part.Write(tinyPNG)
			case n == hostile:
				_ = w.WriteField(n, string(raw))
			default:
				_ = w.WriteField(n, fmt.Sprint(f.base))
			}
		}
		_ = w.Close()
		return w.FormDataContentType(), buf.Bytes()
	}
	return "", nil
}

package webapi

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// jsonRoutes are the routes that read a JSON body; ids name rows that may or may not exist.
var jsonRoutes = []struct{ method, path string }{
	{"POST", "/api/news/news-cards"}, {"PUT", "/api/news/news-cards/1"},
	{"POST", "/api/contact"}, {"POST", "/api/artists/submit"}, {"PUT", "/api/artists/applications/1/status"},
	{"PUT", "/api/tickets/1/status"}, {"PUT", "/api/tickets/1/assign"}, {"PUT", "/api/tickets/1/priority"},
	{"POST", "/api/tickets/1/rating"},
	{"PUT", "/api/staff/hours"}, {"POST", "/api/staff/dismiss"}, {"POST", "/api/staff/report"},
	{"POST", "/api/staff/610000000000000002/notes"}, {"POST", "/api/staff/610000000000000002/warns"},
	{"PUT", "/api/staff/610000000000000002/hired"},
	{"POST", "/api/documents/ine"}, {"POST", "/api/documents/pasaporte"}, {"POST", "/api/records/charges"},
	{"POST", "/api/admin/api-keys"},
	{"POST", "/api/treasury/sales"}, {"POST", "/api/treasury/sales/1/void"},
	{"PUT", "/api/sat/businesses/1"}, {"PUT", "/api/sat/businesses/1/status"},
	{"POST", "/api/legislative/initiatives"}, {"POST", "/api/legislative/initiatives/1/vote"},
	{"PUT", "/api/legislative/initiatives/1/voting"}, {"POST", "/api/legislative/agenda"},
	{"PUT", "/api/roles/panels/treasury/permissions"},
}

// fuzzEnv is one running API for all of a fuzz target's inputs, with a superuser signed in
// (who reaches every rule) and a staff member to act upon.
type fuzzEnv struct {
	e       *env
	token   string
	dialect db.Dialect
}

// fuzzEnvs starts one API per engine under test: every input goes to each, in the same
// order, so each must answer it the same.
func fuzzEnvs(f *testing.F) []fuzzEnv {
	var out []fuzzEnv
	for _, dialect := range testdb.Dialects() {
		e := newEnv(f, testdb.Open(f, dialect, true))
		e.server.publicWrites.perMin = 1 << 30
		e.addUser("comite", "610000000000000001", true, authz.Comite, authz.Ministro)
		e.addUser("moderador", "610000000000000002", true, authz.Moderador)
		e.signIn("moderador")
		out = append(out, fuzzEnv{e: e, token: e.signIn("comite"), dialect: dialect})
	}
	return out
}

// sendEach sends one request to every engine's API: none may answer 500, and all the
// same status.
func sendEach(t *testing.T, envs []fuzzEnv, method, path, contentType string, body []byte, what string) {
	t.Helper()
	first := 0
	for i, fe := range envs {
		code := fe.e.send(method, path, fe.token, contentType, body)
		if code >= 500 {
			t.Fatalf("%s %s answered %d on %s to %s", method, path, code, fe.dialect, what)
		}
		if i == 0 {
			first = code
		} else if code != first {
			t.Fatalf("%s %s answered %d on %s and %d on %s to %s", method, path, first, envs[0].dialect, code, fe.dialect, what)
		}
	}
}

func (e *env) send(method, path, token, contentType string, body []byte) int {
	req, _ := http.NewRequest(method, e.http.URL+path, bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

// FuzzJSONBodies sends arbitrary bodies to every JSON route: none may answer 500.
func FuzzJSONBodies(f *testing.F) {
	for i := range jsonRoutes {
		for _, seed := range []string{`{}`, `null`, `[]`, `{"title":"x","content":"y","type":"update"}`,
			`{"userId":"610000000000000002","hours":1,"minutes":59,"operation":"add"}`,
			`{"buyerDiscordId":"610000000000000002","item":"VIP","discount":1e308}`,
			`{"discount":"NaN"}`, `{"votingEnabled":true,"votingEndDate":"2999-01-01T00:00:00Z"}`,
			`{"RobloxName":"Jugador_1","Nombre":"A","Apellido":"B","Estado":"Jalisco","Municipio":"C","FechaNacimiento":"29/02/2000"}`,
			`{"roleId":"1","permissions":{"read":true}}`, "{\"title\":\"\u0000\"}", `{"a":` + string(bytes.Repeat([]byte("["), 1000)),
			// NUL written as JSON escapes, in every route's text fields: refused.
			`{"title":"a\u0000b","content":"\u0000","type":"update","name":"\u0000","message":"\u0000","reason":"\u0000",` +
				`"userId":"\u0000","staffId":"\u0000","description":"\u0000","summary":"\u0000","nota":"\u0000","warn":"\u0000"}`,
			// An escaped backslash before u0000 (plain text), lone combining marks, invalid
			// UTF-8 and unpaired surrogates.
			"{\"title\":\"a\\\\u0000b\",\"content\":\"\\u0301\",\"type\":\"update\",\"name\":\"\xff\xfe\",\"status\":\"\\u0301\"," +
				"\"priority\":\"\\ud800\",\"reason\":\"a\xc3\x28\",\"description\":\"\\udfff\",\"userId\":\"\\u0301\"}",
			// Huge and negative numbers, within and beyond 64 bits.
			`{"userId":"610000000000000002","hours":9223372036854775807,"minutes":-1,"operation":"add","rating":-9223372036854775808,` +
				`"buyerDiscordId":"610000000000000002","item":"INVERSOR","discount":-1}`,
			`{"userId":"610000000000000002","hours":99999999999999999999,"minutes":1e309,"operation":"subtract","discount":-1e309}`} {
			f.Add(uint8(i), []byte(seed))
		}
	}
	envs := fuzzEnvs(f)
	f.Fuzz(func(t *testing.T, route uint8, body []byte) {
		r := jsonRoutes[int(route)%len(jsonRoutes)]
		sendEach(t, envs, r.method, r.path, "application/json", body, fmt.Sprintf("%q", body))
	})
}

// FuzzMultipart sends arbitrary multipart bodies to the two upload forms: none may answer
// 500, whatever the boundary, the parts or their bytes.
func FuzzMultipart(f *testing.F) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.SetBoundary("frontera")
	_ = w.WriteField("title", "Hola")
	_ = w.WriteField("message", "Texto")
	part, _ := w.CreateFormFile("attachments", "a.png")
	_, _ = part.Write(tinyPNG)
	_ = w.Close()
	f.Add(uint8(0), "frontera", buf.Bytes())
	f.Add(uint8(1), "frontera", buf.Bytes())
	f.Add(uint8(0), "frontera", []byte("--frontera\r\nContent-Disposition: form-data; name=\"attachments\"; filename=\"../../x\"\r\n\r\nGIF89a\r\n--frontera--"))
	f.Add(uint8(1), "x", []byte("--x\r\n\r\n--x"))
	// NUL, invalid UTF-8 and a lone combining mark in text fields and file names.
	for _, text := range []string{"a\x00b", "\xff\xfe", "\u0301"} {
		for route, fields := range [][]string{{"title", "message"}, {"name", "location", "ownerName"}} {
			var hostile bytes.Buffer
			w := multipart.NewWriter(&hostile)
			_ = w.SetBoundary("frontera")
			for _, name := range fields {
				_ = w.WriteField(name, text)
			}
			_ = w.WriteField("category", "Soporte Tecnico")
			part, _ := w.CreateFormFile("attachments", text+".png")
			_, _ = part.Write(tinyPNG)
			_ = w.Close()
			f.Add(uint8(route), "frontera", hostile.Bytes())
		}
	}
	envs := fuzzEnvs(f)
	paths := []string{"/api/tickets", "/api/sat/businesses"}
	f.Fuzz(func(t *testing.T, route uint8, boundary string, body []byte) {
		path := paths[int(route)%len(paths)]
		ctype := fmt.Sprintf("multipart/form-data; boundary=%q", boundary)
		sendEach(t, envs, "POST", path, ctype, body, fmt.Sprintf("boundary %q, body %q", boundary, body))
	})
}

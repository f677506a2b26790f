package webapi

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"testing"

	"zocalo/core/authz"
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
func fuzzEnv(f *testing.F) (*env, string) {
	e := newEnv(f, testdb.Open(f, testdb.Dialects()[0], true))
	e.server.publicWrites.perMin = 1 << 30
	e.addUser("comite", "610000000000000001", true, authz.Comite, authz.Ministro)
	e.addUser("moderador", "610000000000000002", true, authz.Moderador)
	e.signIn("moderador")
	return e, e.signIn("comite")
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
			`{"roleId":"1","permissions":{"read":true}}`, "{\"title\":\"\u0000\"}", `{"a":` + string(bytes.Repeat([]byte("["), 1000))} {
			f.Add(uint8(i), []byte(seed))
		}
	}
	e, token := fuzzEnv(f)
	f.Fuzz(func(t *testing.T, route uint8, body []byte) {
		r := jsonRoutes[int(route)%len(jsonRoutes)]
		if code := e.send(r.method, r.path, token, "application/json", body); code >= 500 {
			t.Fatalf("%s %s answered %d to %q", r.method, r.path, code, body)
		}
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
	e, token := fuzzEnv(f)
	paths := []string{"/api/tickets", "/api/sat/businesses"}
	f.Fuzz(func(t *testing.T, route uint8, boundary string, body []byte) {
		path := paths[int(route)%len(paths)]
		ctype := fmt.Sprintf("multipart/form-data; boundary=%q", boundary)
		if code := e.send("POST", path, token, ctype, body); code >= 500 {
			t.Fatalf("POST %s answered %d to boundary %q, body %q", path, code, boundary, body)
		}
	})
}

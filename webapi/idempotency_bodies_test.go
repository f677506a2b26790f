package webapi

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"zocalo/core/db"
	"zocalo/internal/testdb"
)

const msgKeyReused = "Esa clave de idempotencia ya se usó con otra solicitud."

// formPart is one part of an orderedForm: a text field, or a file when filename is set.
type formPart struct {
	field, filename string
	data            []byte
}

// orderedForm is a multipart body with its parts in the order given, built anew (with a
// new boundary) for every request that sends it.
func orderedForm(parts ...formPart) func() (io.Reader, string) {
	return func() (io.Reader, string) {
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		for _, p := range parts {
			if p.filename == "" {
				_ = w.WriteField(p.field, string(p.data))
				continue
			}
			part, _ := w.CreateFormFile(p.field, p.filename)
			_, _ = part.Write(p.data)
		}
		_ = w.Close()
		return &buf, w.FormDataContentType()
	}
}

// png is a distinct small PNG for each n: the same image with n bytes after its end.
func png(n int) []byte { return append(bytes.Clone(tinyPNG), bytes.Repeat([]byte{'x'}, n)...) }

func pdf(text string) []byte {
	return []byte("%PDF-1.4\n1 0 obj<<>>endobj\n% " + text + "\ntrailer<<>>\n%%EOF\n")
}

// textPlain is a JSON body sent as text/plain, which the API decodes as JSON all the same.
func textPlain(body string) func() (io.Reader, string) {
	return func() (io.Reader, string) { return strings.NewReader(body), "text/plain;charset=UTF-8" }
}

// oneKeyManyBodies sends n requests at once under one key, each with a body of its own:
// one creates, every other is refused as another request under a used key.
func oneKeyManyBodies(t *testing.T, r *raceEnv, q request, body func(i int) func() (io.Reader, string)) answer {
	t.Helper()
	q.key = r.newKey()
	reqs := make([]request, raceN)
	for i := range reqs {
		reqs[i] = q
		reqs[i].raw = body(i)
	}
	return expectOneWinner(t, r.race(t, reqs...), 201, 400, msgKeyReused)
}

var _ = addRaceRows(
	raceRow{name: "one key, twenty tickets with different uploads", routes: []string{"POST /api/tickets"}, run: func(t *testing.T, r *raceEnv) {
		author, token := r.member(t)
		filesBefore := uploadedFiles(t, r.uploadsDir)
		winner := oneKeyManyBodies(t, r, request{method: "POST", path: "/api/tickets", token: token}, func(i int) func() (io.Reader, string) {
			return orderedForm(formPart{field: "title", data: []byte("Captura")}, formPart{field: "message", data: []byte("Adjunto")},
				formPart{field: "attachments", filename: "captura.png", data: png(i)})
		})
		expectCount(t, "tickets", r.count(t, "tickets", "author_id = ?", author), 1)
		expectCount(t, "attachments", r.count(t, "ticket_attachments", "ticket_id = ?", ticketIDOf(winner)), 1)
		expectCount(t, "stored files", int64(uploadedFiles(t, r.uploadsDir)-filesBefore), 1)
	}},
	raceRow{name: "one key, twenty replies with different uploads", routes: []string{"POST /api/tickets/:ticketId/messages"}, run: func(t *testing.T, r *raceEnv) {
		_, token := r.member(t)
		id := r.openTicket(t, token)
		filesBefore := uploadedFiles(t, r.uploadsDir)
		oneKeyManyBodies(t, r, request{method: "POST", path: "/api/tickets/" + id + "/messages", token: token}, func(i int) func() (io.Reader, string) {
			return orderedForm(formPart{field: "message", data: []byte("Otra captura")},
				formPart{field: "attachments", filename: "captura.png", data: png(i)})
		})
		// The first message, the assistant's answer and one reply.
		expectCount(t, "messages", r.count(t, "ticket_messages", "ticket_id = ?", id), 3)
		expectCount(t, "stored files", int64(uploadedFiles(t, r.uploadsDir)-filesBefore), 1)
	}},
	raceRow{name: "one key, twenty businesses with different documents", routes: []string{"POST /api/sat/businesses"}, run: func(t *testing.T, r *raceEnv) {
		owner, _ := r.member(t)
		rfc := "RDU240101AB1"
		oneKeyManyBodies(t, r, request{method: "POST", path: "/api/sat/businesses", token: r.tokens["comite"]}, func(i int) func() (io.Reader, string) {
			return orderedForm(formPart{field: "name", data: []byte("Taquería Doble")}, formPart{field: "location", data: []byte("Av. Juárez 12")},
				formPart{field: "server", data: []byte("Principal")}, formPart{field: "rfc", data: []byte(rfc)},
				formPart{field: "ownerName", data: []byte("Juan Pérez")}, formPart{field: "ownerDiscordId", data: []byte(owner)},
				formPart{field: "documents", filename: "acta.pdf", data: pdf(fmt.Sprint("copia ", i))})
		})
		expectCount(t, "businesses", r.count(t, "businesses", "rfc = ?", rfc), 1)
	}},
	raceRow{name: "one key, twenty different JSON bodies sent as text/plain", routes: []string{"POST /api/staff/report"}, run: func(t *testing.T, r *raceEnv) {
		marker := "Texto plano " + r.id()
		oneKeyManyBodies(t, r, request{method: "POST", path: "/api/staff/report", token: r.tokens["moderador"]}, func(i int) func() (io.Reader, string) {
			return textPlain(fmt.Sprintf(`{"date":"2026-02-27","content":"%s %d"}`, marker, i))
		})
		expectCount(t, "reports", r.count(t, "staff_reports", "content LIKE ?", marker+"%"), 1)
	}},
)

// send is one request with its headers' answer.
func (r *raceEnv) send(t *testing.T, q request) (answer, http.Header) {
	t.Helper()
	rd, ctype := q.raw()
	req, err := http.NewRequest(q.method, r.http.URL+q.path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("Authorization", "Bearer "+q.token)
	req.Header.Set(IdempotencyHeader, q.key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, body: raw}, res.Header
}

// A key is bound to its request's content: a multipart form by its fields and the digests
// of its files (not by its boundary, nor by the order of differently named fields, which
// a retry may change), any other body by its bytes whatever its Content-Type. The same
// content again is answered with the first result; other content under the key is a 400
// that creates nothing and stores no file.
func TestIdempotencyKeyBindsTheRequestsContent(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := &raceEnv{env: newEnv(t, d), d: d, tokens: map[string]string{}}
		for _, p := range tablePersonas {
			if p.name == "moderador" || p.name == "jugador" || p.name == "comite" {
				r.addUser(p.name, p.id, true, p.roles...)
				r.tokens[p.name] = r.signIn(p.name)
			}
		}
		title, message := formPart{field: "title", data: []byte("Con captura")}, formPart{field: "message", data: []byte("Ver adjunto")}
		shot := formPart{field: "attachments", filename: "captura.png", data: png(1)}
		create := request{method: "POST", path: "/api/tickets", token: r.tokens["jugador"], key: r.newKey(), raw: orderedForm(title, message, shot)}
		first, _ := r.send(t, create)
		if first.status != 201 {
			t.Fatalf("create: %d %s", first.status, first.body)
		}
		filesAfterFirst := uploadedFiles(t, r.uploadsDir)

		again := create
		again.raw = orderedForm(message, shot, title) // the same form, its fields in another order
		if a, h := r.send(t, again); a.status != 201 || h.Get(replayedHeader) != "true" || !bytes.Equal(a.body, first.body) {
			t.Fatalf("the same form again: %d %s replayed=%q", a.status, a.body, h.Get(replayedHeader))
		}
		for name, parts := range map[string][]formPart{
			"another file":     {title, message, {field: "attachments", filename: "captura.png", data: png(2)}},
			"the file renamed": {title, message, {field: "attachments", filename: "otra.png", data: png(1)}},
			"no file":          {title, message},
			"a second file":    {title, message, shot, {field: "attachments", filename: "b.png", data: png(3)}},
			"another title":    {{field: "title", data: []byte("Otra cosa")}, message, shot},
		} {
			other := create
			other.raw = orderedForm(parts...)
			if a, _ := r.send(t, other); a.status != 400 || a.message() != msgKeyReused {
				t.Errorf("%s under the same key: %d %s", name, a.status, a.body)
			}
		}
		expectCount(t, "tickets", r.count(t, "tickets", "author_id = ?", "600000000000000001"), 1)
		expectCount(t, "stored files", int64(uploadedFiles(t, r.uploadsDir)), int64(filesAfterFirst))

		// The order of files of one field is the order of the ticket's attachments.
		two := []formPart{{field: "attachments", filename: "a.png", data: png(4)}, {field: "attachments", filename: "b.png", data: png(5)}}
		reply := request{method: "POST", path: "/api/tickets/" + ticketIDOf(first) + "/messages", token: r.tokens["jugador"],
			key: r.newKey(), raw: orderedForm(append([]formPart{{field: "message", data: []byte("Dos más")}}, two...)...)}
		if a, _ := r.send(t, reply); a.status != 201 {
			t.Fatalf("reply: %d %s", a.status, a.body)
		}
		reply.raw = orderedForm(formPart{field: "message", data: []byte("Dos más")}, two[1], two[0])
		if a, _ := r.send(t, reply); a.status != 400 || a.message() != msgKeyReused {
			t.Errorf("the files swapped under the same key: %d %s", a.status, a.body)
		}

		// A JSON body is bound by its bytes, whatever Content-Type it came with.
		report := request{method: "POST", path: "/api/staff/report", token: r.tokens["moderador"], key: r.newKey(),
			raw: textPlain(`{"date":"2026-02-27","content":"Sin novedad"}`)}
		if a, _ := r.send(t, report); a.status != 201 {
			t.Fatalf("report as text/plain: %d %s", a.status, a.body)
		}
		asJSON := report
		asJSON.raw = func() (io.Reader, string) {
			return strings.NewReader(`{"date":"2026-02-27","content":"Sin novedad"}`), "application/json"
		}
		if a, h := r.send(t, asJSON); a.status != 201 || h.Get(replayedHeader) != "true" {
			t.Errorf("the same bytes as application/json: %d %s", a.status, a.body)
		}
		for _, ctype := range []string{"text/plain", "application/x-www-form-urlencoded", ""} {
			other := report
			other.raw = func() (io.Reader, string) {
				return strings.NewReader(`{"date":"2026-02-27","content":"Otra cosa"}`), ctype
			}
			if a, _ := r.send(t, other); a.status != 400 || a.message() != msgKeyReused {
				t.Errorf("another body as %q under the same key: %d %s", ctype, a.status, a.body)
			}
		}
		expectCount(t, "reports", r.count(t, "staff_reports", "content IN ?", []string{"Sin novedad", "Otra cosa"}), 1)
	})
}

func TestFormFingerprint(t *testing.T) {
	t.Parallel()
	fingerprint := func(parts ...formPart) string {
		f := newFormFingerprint()
		for _, p := range parts {
			h := sha256.New()
			h.Write(p.data)
			f.add(p.field, p.filename, h)
		}
		return f.sum()
	}
	a, b := formPart{field: "a", data: []byte("1")}, formPart{field: "b", data: []byte("2")}
	f1, f2 := formPart{field: "f", filename: "x", data: []byte("x")}, formPart{field: "f", filename: "y", data: []byte("y")}
	if fingerprint(a, b, f1) != fingerprint(f1, b, a) {
		t.Error("differently named parts in another order changed the fingerprint")
	}
	if fingerprint(f1, f2) == fingerprint(f2, f1) {
		t.Error("the parts of one name in another order kept the fingerprint")
	}
	if fingerprint(a) == fingerprint(formPart{field: "a", filename: "a.txt", data: []byte("1")}) {
		t.Error("a text field and a file with the same content have one fingerprint")
	}
	if fingerprint(a, b) == fingerprint(a) || fingerprint(a) == fingerprint() {
		t.Error("a part more or less kept the fingerprint")
	}
}

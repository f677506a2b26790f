package webapi

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"zocalo/core/db"
	"zocalo/core/storage"
	"zocalo/internal/fakes3"
	"zocalo/internal/testdb"
)

// With an S3-compatible bucket configured, a ticket's image is stored in the bucket and
// served from it, ranges included; with the bucket down, an upload gets the Spanish 503
// and leaves no message and no object behind.
func TestTicketFilesInAnS3Bucket(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		bucket := fakes3.New(t, "zocalo-uploads")
		files, err := storage.NewS3(context.Background(), storage.S3Options{Endpoint: bucket.URL, Region: "us-east-1",
			Bucket: bucket.Bucket, AccessKeyID: "zocalo", SecretAccessKey: "secreto"})
		if err != nil {
			t.Fatal(err)
		}
		e := newEnvWithFiles(t, d, files)
		tok := ticketPersonas(e)

		var created ticketEnvelope
		if code := e.form("POST", "/api/tickets", tok["jugador"], map[string]string{"title": "Captura del error",
			"category": "Soporte Tecnico", "message": "Adjunto la captura"}, []upload{{"captura.png", tinyPNG}}, &created); code != 201 {
			t.Fatalf("create: %d", code)
		}
		if n := bucket.Objects(t); n != 1 {
			t.Fatalf("%d objects in the bucket", n)
		}
		att := created.Ticket.Messages[0].Attachments[0]
		get := func(rangeHeader string) (int, []byte, http.Header) {
			req, _ := http.NewRequest("GET", e.http.URL+att.URL, nil)
			req.Header.Set("Authorization", "Bearer "+tok["moderador"])
			if rangeHeader != "" {
				req.Header.Set("Range", rangeHeader)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			return res.StatusCode, body, res.Header
		}
		code, body, header := get("")
		if code != 200 || !bytes.Equal(body, tinyPNG) || header.Get("Content-Type") != "image/png" {
			t.Fatalf("download: %d %s, %d bytes", code, header.Get("Content-Type"), len(body))
		}
		if code, body, _ := get("bytes=4-9"); code != http.StatusPartialContent || !bytes.Equal(body, tinyPNG[4:10]) {
			t.Fatalf("range: %d %q", code, body)
		}

		bucket.Fail(true)
		path := "/api/tickets/" + created.Ticket.TicketID
		var refused struct{ Message string }
		code = e.form("POST", path+"/messages", tok["jugador"], map[string]string{"message": "Otra captura"},
			[]upload{{"otra.png", tinyPNG}}, &refused)
		if code != http.StatusServiceUnavailable || !strings.Contains(refused.Message, "almacén de archivos") {
			t.Fatalf("reply with the bucket down: %d %q", code, refused.Message)
		}
		bucket.Fail(false)
		var after ticketEnvelope
		e.call("GET", path, tok["jugador"], nil, &after)
		if len(after.Ticket.Messages) != len(created.Ticket.Messages) || bucket.Objects(t) != 1 {
			t.Fatalf("after the refused reply: %d messages (was %d), %d objects", len(after.Ticket.Messages),
				len(created.Ticket.Messages), bucket.Objects(t))
		}
	})
}

package webapi

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"

	"github.com/gin-gonic/gin"

	"zocalo/core/errs"
	"zocalo/core/storage"
	"zocalo/internal/testdb"
)

func TestServeStoredFile(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	pdf := []byte("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n")
	obj, err := e.app.Files.Put(context.Background(), "docs", bytes.NewReader(pdf),
		storage.Limits{MaxBytes: 1 << 20, Types: []string{"application/pdf"}})
	if err != nil {
		t.Fatal(err)
	}
	e.server.engine.GET("/api/test/files/:who", func(c *gin.Context) {
		e.server.serveStoredFile(c, func() (storedFile, error) {
			if c.Param("who") != "owner" {
				return storedFile{}, errs.ErrNoPermission
			}
			return storedFile{Key: obj.Key, Filename: "acta \"constitutiva\".pdf"}, nil
		})
	})
	res, err := http.Get(e.http.URL + "/api/test/files/owner")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !bytes.Equal(body, pdf) {
		t.Fatalf("status %d, %d bytes", res.StatusCode, len(body))
	}
	if got := res.Header.Get("Content-Type"); got != "application/pdf" {
		t.Fatalf("Content-Type %q", got)
	}
	if got := res.Header.Get("Content-Disposition"); got != `attachment; filename="acta \"constitutiva\".pdf"` {
		t.Fatalf("Content-Disposition %q", got)
	}
	if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Fatalf("X-Content-Type-Options %q", got)
	}
	var m messageBody
	if code := e.call("GET", "/api/test/files/stranger", "", nil, &m); code != http.StatusForbidden || m.Message == "" {
		t.Fatalf("refused lookup: %d %q", code, m.Message)
	}
}

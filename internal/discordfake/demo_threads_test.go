package discordfake

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// postThreadForm sends the demo page's thread form, as the browser does.
func postThreadForm(t *testing.T, url string, fields map[string]string, fileName string, file []byte) *http.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	if fileName != "" {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="file"; filename="`+fileName+`"`)
		h.Set("Content-Type", "application/pdf")
		part, _ := mw.CreatePart(h)
		_, _ = part.Write(file)
	}
	_ = mw.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Post(url, mw.FormDataContentType(), &buf)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

func TestDemoPersonaPostsInAThreadWithAFile(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	f.AddPersona(Persona{Name: "comite", UserID: alice})
	s, rec := openSession(t, srv, allIntents)
	thread, err := s.ThreadStart(otherChannel, "Ticket 7", discordgo.ChannelTypeGuildPublicThread, 1440)
	if err != nil {
		t.Fatal(err)
	}
	archived := true
	if _, err := s.ChannelEdit(thread.ID, &discordgo.ChannelEdit{Archived: &archived}); err != nil {
		t.Fatal(err)
	}

	res, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, want := range []string{`aria-label="Escribir en un hilo"`, `enctype="multipart/form-data"`,
		`value="` + thread.ID + `">#tickets › Ticket 7 (archivado)</option>`, `name="file"`, "Publicar en el hilo"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("page lacks %q", want)
		}
	}

	pdf := []byte("%PDF-1.4 informe")
	res = postThreadForm(t, srv.URL+"/threads/messages", map[string]string{"persona": alice, "thread": thread.ID,
		"content": "Adjunto el informe"}, "informe.pdf", pdf)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "../?publicado=1#escribir" {
		t.Fatalf("form answered %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	created := rec.waitFor(t, "MESSAGE_CREATE", 1)
	var m discordgo.Message
	if err := json.Unmarshal(created[0].RawData, &m); err != nil {
		t.Fatal(err)
	}
	if m.ChannelID != thread.ID || m.Author.ID != alice || m.Content != "Adjunto el informe" || len(m.Attachments) != 1 ||
		m.Attachments[0].Filename != "informe.pdf" || m.Attachments[0].ContentType != "application/pdf" {
		t.Fatalf("MESSAGE_CREATE = %s", created[0].RawData)
	}
	cdn := &http.Client{Timeout: 10 * time.Second, Transport: RewriteTransport(srv.URL)}
	got, err := cdn.Get(m.Attachments[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(got.Body)
	got.Body.Close()
	if !bytes.Equal(body, pdf) {
		t.Errorf("CDN served %q", body)
	}
	// The member's message reopened the archived thread, as on Discord.
	if threads := f.Threads(otherChannel); len(threads) != 1 || threads[0].ThreadMetadata.Archived {
		t.Errorf("thread still archived: %+v", threads)
	}
	res, err = http.Get(srv.URL + "/?publicado=1")
	if err != nil {
		t.Fatal(err)
	}
	page, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if !bytes.Contains(page, []byte("Mensaje publicado")) || !bytes.Contains(page, []byte("📎 informe.pdf")) {
		t.Error("page does not show the post")
	}

	f.SetUploadLimit(4)
	for what, c := range map[string]struct {
		fields map[string]string
		file   []byte
		status int
	}{
		"unknown thread": {map[string]string{"persona": alice, "thread": "1", "content": "x"}, nil, 404},
		"a channel":      {map[string]string{"persona": alice, "thread": testChannel, "content": "x"}, nil, 404},
		"not a member":   {map[string]string{"persona": "999", "thread": thread.ID, "content": "x"}, nil, 404},
		"empty":          {map[string]string{"persona": alice, "thread": thread.ID, "content": "  "}, nil, 400},
		"too long":       {map[string]string{"persona": alice, "thread": thread.ID, "content": strings.Repeat("a", 2001)}, nil, 400},
		"too large":      {map[string]string{"persona": alice, "thread": thread.ID}, pdf, 413},
	} {
		fileName := ""
		if c.file != nil {
			fileName = "informe.pdf"
		}
		if res := postThreadForm(t, srv.URL+"/threads/messages", c.fields, fileName, c.file); res.StatusCode != c.status {
			t.Errorf("%s: %d, want %d", what, res.StatusCode, c.status)
		}
	}
	if msgs := f.Messages(thread.ID); len(msgs) != 1 {
		t.Errorf("refused posts were kept: %d messages", len(msgs))
	}
}

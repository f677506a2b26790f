package webapi

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/tickets"
	"zocalo/internal/testdb"
)

// A 1×1 PNG.
var tinyPNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89" +
	"\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")

type upload struct {
	name string
	data []byte
}

// form posts a multipart form with files as attachments and decodes the answer.
func (e *env) form(method, path, token string, fields map[string]string, files []upload, out any) int {
	e.t.Helper()
	return e.formFiles(method, path, token, fields, map[string][]upload{"attachments": files}, out)
}

// formFiles posts a multipart form with files under their field names.
func (e *env) formFiles(method, path, token string, fields map[string]string, files map[string][]upload, out any) int {
	e.t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	for field, list := range files {
		for _, f := range list {
			part, _ := w.CreateFormFile(field, f.name)
			_, _ = part.Write(f.data)
		}
	}
	_ = w.Close()
	req, _ := http.NewRequest(method, e.http.URL+path, &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if out != nil && len(raw) > 0 {
		_ = jsonUnmarshal(raw, out)
	}
	return res.StatusCode
}

type ticketEnvelope struct {
	Ticket  tickets.View `json:"ticket"`
	Message string       `json:"message"`
}

func ticketPersonas(e *env) map[string]string {
	e.addUser("jugador", "520000000000000001", true)
	e.addUser("otro", "520000000000000002", true)
	e.addUser("moderador", "520000000000000003", true, authz.Moderador)
	e.addUser("soporte", "520000000000000004", true, authz.SoporteTecnico)
	e.addUser("comite", "520000000000000005", true, authz.Comite)
	tokens := map[string]string{"": ""}
	for _, p := range []string{"jugador", "otro", "moderador", "soporte", "comite"} {
		tokens[p] = e.signIn(p)
	}
	return tokens
}

func uploadedFiles(t *testing.T, root string) int {
	t.Helper()
	n := 0
	_ = filepath.Walk(root, func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			n++
		}
		return nil
	})
	return n
}

func TestTicketLifecycle(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := ticketPersonas(e)

		var created ticketEnvelope
		code := e.form("POST", "/api/tickets", tok["jugador"], map[string]string{"title": "No puedo entrar", "category": "Soporte Tecnico",
			"message": "Me sale un error al entrar al servidor"}, []upload{{"captura.png", tinyPNG}}, &created)
		if code != 201 || created.Ticket.TicketID == "" {
			t.Fatalf("create: %d %+v", code, created)
		}
		tk := created.Ticket
		if tk.Status != tickets.StatusOpen || tk.Priority != tickets.PriorityMedium || len(tk.Messages) != 2 ||
			tk.Messages[0].SenderType != "user" || len(tk.Messages[0].Attachments) != 1 || tk.Messages[1].SenderType != "ai" {
			t.Fatalf("new ticket %+v", tk)
		}
		if !strings.Contains(tk.Messages[1].Content, "#"+tk.TicketID) || !strings.Contains(tk.Messages[1].Content, "espera") {
			t.Fatalf("assistant said %q", tk.Messages[1].Content)
		}
		path := "/api/tickets/" + tk.TicketID

		// Who may read it.
		for who, want := range map[string]int{"": 401, "otro": 404, "jugador": 200, "moderador": 200, "soporte": 200} {
			if got := e.call("GET", path, tok[who], nil, nil); got != want {
				t.Fatalf("%q reading: %d, want %d", who, got, want)
			}
		}
		if got := e.call("GET", "/api/tickets/99999", tok["moderador"], nil, nil); got != 404 {
			t.Fatalf("unknown ticket: %d", got)
		}
		// The attachment is served to readers only.
		att := tk.Messages[0].Attachments[0]
		if got := e.call("GET", att.URL, tok["otro"], nil, nil); got != 404 {
			t.Fatalf("other player's attachment: %d", got)
		}
		req, _ := http.NewRequest("GET", e.http.URL+att.URL, nil)
		req.Header.Set("Authorization", "Bearer "+tok["moderador"])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !bytes.Equal(got, tinyPNG) || res.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("attachment: %d %s %d bytes", res.StatusCode, res.Header.Get("Content-Type"), len(got))
		}

		status := func(who string) string {
			var env ticketEnvelope
			e.call("GET", path, tok[who], nil, &env)
			return env.Ticket.Status
		}
		// Staff assign → in progress; staff message → waiting on the user; user message → waiting on staff.
		var env ticketEnvelope
		if got := e.call("PUT", path+"/assign", tok["moderador"], body(map[string]any{"staffId": "520000000000000003"}), &env); got != 200 ||
			env.Ticket.Status != tickets.StatusInProgress || env.Ticket.AssignedTo == nil || env.Ticket.AssignedTo.StaffUsername != "moderador" {
			t.Fatalf("assign: %d %+v", got, env.Ticket)
		}
		if got := e.call("PUT", path+"/assign", tok["moderador"], body(map[string]any{"staffId": "520000000000000002"}), nil); got != 400 {
			t.Fatalf("assigning a player: %d", got)
		}
		if got := e.call("PUT", path+"/assign", tok["jugador"], body(map[string]any{"staffId": nil}), nil); got != 403 {
			t.Fatalf("author assigning: %d", got)
		}
		if got := e.form("POST", path+"/messages", tok["moderador"], map[string]string{"message": "¿Qué error ves?"}, nil, nil); got != 201 || status("jugador") != tickets.StatusWaitingUser {
			t.Fatalf("staff reply: %d, status %s", got, status("jugador"))
		}
		var unread struct{ Count int }
		e.call("GET", "/api/tickets/unread", tok["jugador"], nil, &unread)
		if unread.Count != 0 {
			// status() above read the ticket as jugador, which marks it seen.
			t.Fatalf("unread after reading: %d", unread.Count)
		}
		e.clock.Advance(time.Minute)
		if got := e.form("POST", path+"/messages", tok["moderador"], map[string]string{"message": "Prueba reiniciar"}, nil, nil); got != 201 {
			t.Fatalf("second staff reply: %d", got)
		}
		e.call("GET", "/api/tickets/unread", tok["jugador"], nil, &unread)
		if unread.Count != 1 {
			t.Fatalf("unread: %d", unread.Count)
		}
		e.clock.Advance(time.Minute)
		if got := e.form("POST", path+"/messages", tok["jugador"], map[string]string{"message": "Sigue igual"}, nil, nil); got != 201 || status("moderador") != tickets.StatusWaitingStaff {
			t.Fatalf("user reply: %d, status %s", got, status("moderador"))
		}
		if got := e.form("POST", path+"/messages", tok["jugador"], map[string]string{"message": ""}, nil, &env); got != 400 || env.Message == "" {
			t.Fatalf("empty reply: %d %q", got, env.Message)
		}
		if got := e.form("POST", path+"/messages", tok["otro"], map[string]string{"message": "hola"}, nil, nil); got != 404 {
			t.Fatalf("other player replying: %d", got)
		}

		// Status: authors set none; staff set any but closed; closers close.
		if got := e.call("PUT", path+"/status", tok["jugador"], body(map[string]string{"status": "resolved"}), nil); got != 403 {
			t.Fatalf("author status: %d", got)
		}
		if got := e.call("PUT", path+"/status", tok["moderador"], body(map[string]string{"status": "bogus"}), nil); got != 400 {
			t.Fatalf("bad status: %d", got)
		}
		if got := e.call("PUT", path+"/status", tok["moderador"], body(map[string]string{"status": "resolved"}), nil); got != 200 {
			t.Fatalf("resolve: %d", got)
		}
		// A user message on a resolved ticket reopens it.
		if got := e.form("POST", path+"/messages", tok["jugador"], map[string]string{"message": "Volvió a fallar"}, nil, nil); got != 201 || status("jugador") != tickets.StatusWaitingStaff {
			t.Fatalf("reopen: %d, status %s", got, status("jugador"))
		}
		if got := e.call("PUT", path+"/status", tok["moderador"], body(map[string]string{"status": "closed"}), &env); got != 403 || env.Message == "" {
			t.Fatalf("moderador closing: %d %q", got, env.Message)
		}
		if got := e.call("POST", path+"/rating", tok["jugador"], body(map[string]int{"rating": 5}), nil); got != 409 {
			t.Fatalf("rating an open ticket: %d", got)
		}
		if got := e.call("PUT", path+"/status", tok["soporte"], body(map[string]string{"status": "closed"}), nil); got != 200 || status("jugador") != tickets.StatusClosed {
			t.Fatalf("soporte closing: %d %s", got, status("jugador"))
		}
		// Closed tickets take no message.
		if got := e.form("POST", path+"/messages", tok["jugador"], map[string]string{"message": "¿Hola?"}, nil, &env); got != 409 || env.Message == "" {
			t.Fatalf("reply to closed: %d %q", got, env.Message)
		}
		// Rating: the author, once, 1 to 5.
		if got := e.call("POST", path+"/rating", tok["moderador"], body(map[string]int{"rating": 5}), nil); got != 403 {
			t.Fatalf("staff rating: %d", got)
		}
		if got := e.call("POST", path+"/rating", tok["jugador"], body(map[string]int{"rating": 6}), nil); got != 400 {
			t.Fatalf("rating 6: %d", got)
		}
		if got := e.call("POST", path+"/rating", tok["jugador"], body(map[string]int{"rating": 4}), &env); got != 200 || env.Ticket.Rating == nil || *env.Ticket.Rating != 4 {
			t.Fatalf("rating: %d %+v", got, env.Ticket.Rating)
		}
		if got := e.call("POST", path+"/rating", tok["jugador"], body(map[string]int{"rating": 1}), nil); got != 409 {
			t.Fatalf("second rating: %d", got)
		}

		// Transcript: readers only, and each view is recorded.
		res, err = func() (*http.Response, error) {
			req, _ := http.NewRequest("GET", e.http.URL+path+"/transcript", nil)
			req.Header.Set("Authorization", "Bearer "+tok["jugador"])
			return http.DefaultClient.Do(req)
		}()
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(page), "No puedo entrar") || !strings.Contains(string(page), "captura.png") ||
			!strings.Contains(string(page), "Volvió a fallar") {
			t.Fatalf("transcript: %d", res.StatusCode)
		}
		if got := e.call("GET", path+"/transcript", tok["otro"], nil, nil); got != 404 {
			t.Fatalf("other player's transcript: %d", got)
		}
		if n := count(t, d, &tickets.TranscriptView{}); n != 1 {
			t.Fatalf("%d transcript views recorded", n)
		}
	})
}

func TestTicketUploadsAreRefusedWhole(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := ticketPersonas(e)
		root := e.uploadsDir
		big := append(append([]byte{}, tinyPNG...), bytes.Repeat([]byte{0}, tickets.MaxFileBytes+1-len(tinyPNG))...)
		six := make([]upload, 6)
		for i := range six {
			six[i] = upload{fmt.Sprintf("f%d.png", i), tinyPNG}
		}
		cases := []struct {
			name  string
			files []upload
			want  int
			msg   string
		}{
			{"six files", six, 400, "No puedes adjuntar más de 5 archivos"},
			{"5 MB and one byte", []upload{{"ok.png", tinyPNG}, {"grande.png", big}}, 413, "Los siguientes archivos exceden el límite de 5MB: grande.png"},
			{"not an image named .gif", []upload{{"foto.gif", []byte("GIF? no: just some text that is not an image at all")}}, 400, "foto.gif"},
			{"HTML named .png", []upload{{"pagina.png", []byte("<!doctype html><html><script>alert(1)</script></html>")}}, 400, "pagina.png"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				var env ticketEnvelope
				got := e.form("POST", "/api/tickets", tok["jugador"], map[string]string{"title": "Con archivos", "message": "ver adjuntos"}, c.files, &env)
				if got != c.want || !strings.Contains(env.Message, c.msg) {
					t.Fatalf("status %d %q, want %d %q", got, env.Message, c.want, c.msg)
				}
				if n := count(t, d, &tickets.Ticket{}); n != 0 {
					t.Fatalf("%d tickets stored", n)
				}
				if n := uploadedFiles(t, root); n != 0 {
					t.Fatalf("%d files left in storage", n)
				}
			})
		}
		// A failed reply stores nothing either.
		var created ticketEnvelope
		e.form("POST", "/api/tickets", tok["jugador"], map[string]string{"title": "Sin archivos", "message": "hola"}, nil, &created)
		before := count(t, d, &tickets.Message{})
		if got := e.form("POST", "/api/tickets/"+created.Ticket.TicketID+"/messages", tok["jugador"], map[string]string{"message": "mira"}, six, nil); got != 400 {
			t.Fatalf("reply with six files: %d", got)
		}
		if after := count(t, d, &tickets.Message{}); after != before || uploadedFiles(t, root) != 0 {
			t.Fatalf("messages %d → %d, files %d", before, after, uploadedFiles(t, root))
		}
		if got := e.call("POST", "/api/tickets", tok["jugador"], body(map[string]string{"title": "json"}), nil); got != 400 {
			t.Fatalf("JSON body: %d", got)
		}
		var env ticketEnvelope
		if got := e.form("POST", "/api/tickets", tok["jugador"], map[string]string{"title": "  "}, nil, &env); got != 400 || env.Message != "Por favor, ingresa un título para el ticket" {
			t.Fatalf("no title: %d %q", got, env.Message)
		}
	})
}

func TestTicketListAndStats(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := ticketPersonas(e)
		ctx := context.Background()
		// 1,000 tickets: jugador's and otro's, across statuses, with known resolution
		// times and ratings.
		base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		statuses := tickets.AllStatuses
		var rows []tickets.Ticket
		for i := range 1000 {
			author, name := "520000000000000001", "jugador"
			if i%4 == 0 {
				author, name = "520000000000000002", "otro"
			}
			st := statuses[i%len(statuses)]
			created := base.Add(time.Duration(i) * time.Minute)
			tk := tickets.Ticket{Title: fmt.Sprintf("Problema %04d", i), Category: []string{tickets.CategorySupport, tickets.CategoryOther}[i%2],
				Status: st, Priority: []string{tickets.PriorityLow, tickets.PriorityMedium, tickets.PriorityHigh}[i%3],
				AuthorID: author, AuthorName: name, CreatedAt: created, UpdatedAt: created, LastMessageAt: created}
			if st == tickets.StatusResolved || st == tickets.StatusClosed {
				resolved := created.Add(time.Duration(2+i%3) * time.Hour) // 2, 3 or 4 hours
				tk.ResolvedAt = &resolved
				if i%5 == 0 {
					r := 1 + i%5 + (i/5)%5
					r = 1 + r%5
					tk.Rating = &r
				}
			}
			rows = append(rows, tk)
		}
		if err := d.Conn(ctx).CreateInBatches(&rows, 200).Error; err != nil {
			t.Fatal(err)
		}
		// Hand count.
		want := map[string]int64{}
		var resolvedHours float64
		var resolvedN, ratingSum, ratingN int64
		var jugadorTotal, jugadorActive int64
		for _, r := range rows {
			want[r.Status]++
			if r.ResolvedAt != nil {
				resolvedHours += r.ResolvedAt.Sub(r.CreatedAt).Hours()
				resolvedN++
			}
			if r.Rating != nil {
				ratingSum += int64(*r.Rating)
				ratingN++
			}
			if r.AuthorID == "520000000000000001" {
				jugadorTotal++
				if r.Status != tickets.StatusResolved && r.Status != tickets.StatusClosed {
					jugadorActive++
				}
			}
		}

		var list tickets.ListResult
		if got := e.call("GET", "/api/tickets?page=1&limit=25", tok["moderador"], nil, &list); got != 200 || list.Total != 1000 || len(list.Tickets) != 25 {
			t.Fatalf("staff list: %d total %d len %d", got, list.Total, len(list.Tickets))
		}
		e.call("GET", "/api/tickets?page=40&limit=25", tok["moderador"], nil, &list)
		if len(list.Tickets) != 25 || list.Tickets[24].Title != "Problema 0000" {
			t.Fatalf("last page: %d, last %q", len(list.Tickets), list.Tickets[len(list.Tickets)-1].Title)
		}
		e.call("GET", "/api/tickets?page=41&limit=25", tok["moderador"], nil, &list)
		if len(list.Tickets) != 0 || list.Total != 1000 {
			t.Fatalf("past the end: %d of %d", len(list.Tickets), list.Total)
		}
		e.call("GET", "/api/tickets?limit=10", tok["jugador"], nil, &list)
		if list.Total != jugadorTotal {
			t.Fatalf("jugador sees %d, owns %d", list.Total, jugadorTotal)
		}
		q := "/api/tickets?status=open&status=in_progress&status=waiting_staff&status=waiting_user&limit=5"
		e.call("GET", q, tok["jugador"], nil, &list)
		if list.Total != jugadorActive || len(list.Tickets) != 5 {
			t.Fatalf("active: %d, want %d", list.Total, jugadorActive)
		}
		e.call("GET", "/api/tickets?status=closed&priority=High&category=Otros", tok["moderador"], nil, &list)
		var wantCombo int64
		for _, r := range rows {
			if r.Status == "closed" && r.Priority == "High" && r.Category == "Otros" {
				wantCombo++
			}
		}
		if list.Total != wantCombo {
			t.Fatalf("combined filters: %d, want %d", list.Total, wantCombo)
		}
		e.call("GET", "/api/tickets?search=problema%200123", tok["moderador"], nil, &list)
		if list.Total != 1 || list.Tickets[0].Title != "Problema 0123" {
			t.Fatalf("search by title: %+v", list)
		}
		// The last page of a search counts its matches exactly (the first says "200+").
		e.call("GET", "/api/tickets?search=otro&limit=1&page=250", tok["moderador"], nil, &list)
		if list.Total != 250 || len(list.Tickets) != 1 {
			t.Fatalf("search by author: %d", list.Total)
		}
		e.call("GET", "/api/tickets?search=%23"+fmt.Sprint(rows[7].ID), tok["moderador"], nil, &list)
		if list.Total < 1 || list.Tickets[0].TicketID != fmt.Sprint(rows[7].ID) {
			t.Fatalf("search by id: %+v", list.Total)
		}
		if got := e.call("GET", "/api/tickets?page=0", tok["moderador"], nil, nil); got != 400 {
			t.Fatalf("page 0: %d", got)
		}
		if got := e.call("GET", "/api/tickets?limit=abc", tok["moderador"], nil, nil); got != 400 {
			t.Fatalf("limit abc: %d", got)
		}

		var stats struct{ Stats tickets.Stats }
		if got := e.call("GET", "/api/tickets/stats/summary", tok["jugador"], nil, nil); got != 403 {
			t.Fatalf("player stats: %d", got)
		}
		if got := e.call("GET", "/api/tickets/stats/summary", tok["moderador"], nil, &stats); got != 200 {
			t.Fatalf("stats: %d", got)
		}
		for _, st := range statuses {
			if stats.Stats.ByStatus[st] != want[st] {
				t.Fatalf("%s: %d, want %d", st, stats.Stats.ByStatus[st], want[st])
			}
		}
		if stats.Stats.Total != 1000 {
			t.Fatalf("total %d", stats.Stats.Total)
		}
		wantHours := float64(int(resolvedHours/float64(resolvedN)*100+0.5)) / 100
		wantRating := float64(int(float64(ratingSum)/float64(ratingN)*100+0.5)) / 100
		if stats.Stats.ResolutionTime.Average != wantHours || stats.Stats.Satisfaction.Average != wantRating || stats.Stats.Satisfaction.Count != ratingN {
			t.Fatalf("averages %+v, want %.2f h and %.2f of %d", stats.Stats, wantHours, wantRating, ratingN)
		}

		// The figures and the search index follow every later change: statuses moved,
		// ratings given and taken back, tickets renamed and removed.
		conn := d.Conn(ctx).Model(&tickets.Ticket{})
		resolvedAt := base.Add(48 * time.Hour)
		if err := conn.Where("id % 7 = 0").Updates(map[string]any{"status": tickets.StatusClosed, "resolved_at": resolvedAt}).Error; err != nil {
			t.Fatal(err)
		}
		if err := d.Conn(ctx).Model(&tickets.Ticket{}).Where("id % 9 = 0").Updates(map[string]any{"status": tickets.StatusOpen, "rating": nil}).Error; err != nil {
			t.Fatal(err)
		}
		if err := d.Conn(ctx).Model(&tickets.Ticket{}).Where("id % 13 = 0 AND status = ?", tickets.StatusResolved).Update("rating", 4).Error; err != nil {
			t.Fatal(err)
		}
		if err := d.Conn(ctx).Model(&tickets.Ticket{}).Where("id = ?", rows[123].ID).Update("title", "Renombrado por soporte: batería").Error; err != nil {
			t.Fatal(err)
		}
		if err := d.Conn(ctx).Where("id % 11 = 0").Delete(&tickets.Ticket{}).Error; err != nil {
			t.Fatal(err)
		}
		var now []tickets.Ticket
		if err := d.Conn(ctx).Find(&now).Error; err != nil {
			t.Fatal(err)
		}
		want, resolvedN, ratingN, ratingSum = map[string]int64{}, 0, 0, 0
		var resolvedSeconds float64
		for _, r := range now {
			want[r.Status]++
			if r.ResolvedAt != nil && (r.Status == tickets.StatusResolved || r.Status == tickets.StatusClosed) {
				resolvedSeconds += r.ResolvedAt.Sub(r.CreatedAt).Seconds()
				resolvedN++
			}
			if r.Rating != nil {
				ratingSum += int64(*r.Rating)
				ratingN++
			}
		}
		e.call("GET", "/api/tickets/stats/summary", tok["moderador"], nil, &stats)
		for _, st := range statuses {
			if stats.Stats.ByStatus[st] != want[st] {
				t.Fatalf("after changes, %s: %d, want %d", st, stats.Stats.ByStatus[st], want[st])
			}
		}
		wantHours = math.Round(resolvedSeconds/3600/float64(resolvedN)*100) / 100
		wantRating = float64(int(float64(ratingSum)/float64(ratingN)*100+0.5)) / 100
		if stats.Stats.Total != int64(len(now)) || stats.Stats.ResolutionTime.Average != wantHours ||
			stats.Stats.Satisfaction.Average != wantRating || stats.Stats.Satisfaction.Count != ratingN {
			t.Fatalf("after changes %+v, want %d tickets, %.2f h and %.2f of %d", stats.Stats, len(now), wantHours, wantRating, ratingN)
		}
		e.call("GET", "/api/tickets?status=open&status=closed&limit=5", tok["moderador"], nil, &list)
		if list.Total != want[tickets.StatusOpen]+want[tickets.StatusClosed] {
			t.Fatalf("open or closed: %d, want %d", list.Total, want[tickets.StatusOpen]+want[tickets.StatusClosed])
		}
		e.call("GET", "/api/tickets?search=RENOMBRADO%20por", tok["moderador"], nil, &list)
		if list.Total != 1 || list.Tickets[0].TicketID != fmt.Sprint(rows[123].ID) {
			t.Fatalf("search for a new title: %+v", list)
		}
		e.call("GET", "/api/tickets?search=renomb", tok["moderador"], nil, &list)
		if list.Total != 1 {
			t.Fatalf("search by the start of a word: %d", list.Total)
		}
		// Both engines' word indexes fold accents and case, match whole words (the last
		// also as a prefix) and ignore punctuation between them.
		for search, want := range map[string]int64{"bateria": 1, "BATERÍA": 1, "soporte: bat": 1, "renombrado, soporte": 1,
			"ombrado": 0, "soporte renombrado bateria x": 0} {
			e.call("GET", "/api/tickets?search="+url.QueryEscape(search), tok["moderador"], nil, &list)
			if list.Total != want {
				t.Fatalf("search %q: %d, want %d", search, list.Total, want)
			}
		}
		e.call("GET", "/api/tickets?search=problema%200123", tok["moderador"], nil, &list)
		if list.Total != 0 {
			t.Fatalf("the old title is still found: %+v", list)
		}
		gone := rows[10] // id % 11 == 0 when ids start at 1
		e.call("GET", "/api/tickets?search="+url.QueryEscape(gone.Title), tok["moderador"], nil, &list)
		if gone.ID%11 != 0 || list.Total != 0 {
			t.Fatalf("a removed ticket (#%d) is still found: %d", gone.ID, list.Total)
		}
	})
}

func TestModeratorsRoster(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	tok := ticketPersonas(e)
	var mods []struct {
		UserID      string `json:"UserId"`
		Username    string `json:"username"`
		Inactividad string `json:"Inactividad"`
	}
	if got := e.call("GET", "/api/staff/moderators", tok["jugador"], nil, nil); got != 403 {
		t.Fatalf("jugador: %d", got)
	}
	if got := e.call("GET", "/api/staff/moderators", tok["comite"], nil, &mods); got != 200 || len(mods) != 2 {
		t.Fatalf("comite: %d %+v", got, mods)
	}
	if mods[0].Username != "moderador" || mods[1].Username != "soporte" || mods[0].Inactividad != "No" {
		t.Fatalf("roster %+v", mods)
	}
	// A page of it, and a search, say how many members matched.
	page := func(query string) (int, string, []string) {
		t.Helper()
		req, _ := http.NewRequest("GET", e.http.URL+"/api/staff/moderators"+query, nil)
		req.Header.Set("Authorization", "Bearer "+tok["comite"])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var got []struct {
			Username string `json:"username"`
		}
		_ = jsonDecode(res.Body, &got)
		var names []string
		for _, m := range got {
			names = append(names, m.Username)
		}
		return res.StatusCode, res.Header.Get("X-Total-Count"), names
	}
	for query, want := range map[string]string{
		"?limit=1&page=2":  "200 2 [soporte]",
		"?limit=1":         "200 2 [moderador]",
		"?limit=5&page=9":  "200 2 []",
		"?q=SOP":           "200 1 [soporte]",
		"?q=nadie&limit=5": "200 0 []",
		"?limit=0":         "400  []",
		"?limit=101":       "400  []",
		"?page=x":          "400  []",
	} {
		if code, total, names := page(query); fmt.Sprintf("%d %s %v", code, total, names) != want {
			t.Errorf("%s: %d %s %v, want %s", query, code, total, names, want)
		}
	}
	var board struct {
		Members []struct {
			Username string `json:"username"`
		} `json:"members"`
		Total      int `json:"total"`
		UnderQuota int `json:"underQuota"`
	}
	if got := e.call("GET", "/api/staff/quotas?limit=1&page=2", tok["comite"], nil, &board); got != 200 || board.Total != 2 || board.UnderQuota != 2 || len(board.Members) != 1 {
		t.Fatalf("quotas page: %d %+v", got, board)
	}
	if got := e.call("GET", "/api/staff/quotas?limit=500", tok["comite"], nil, nil); got != 400 {
		t.Fatalf("quotas limit 500: %d", got)
	}
}

func TestResolvedTicketsCloseAfterTheQuietPeriod(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := ticketPersonas(e)
		ctx := context.Background()
		open := func(title string) string {
			var env ticketEnvelope
			e.form("POST", "/api/tickets", tok["jugador"], map[string]string{"title": title, "message": "x"}, nil, &env)
			if e.call("PUT", "/api/tickets/"+env.Ticket.TicketID+"/status", tok["moderador"], body(map[string]string{"status": "resolved"}), nil) != 200 {
				t.Fatal("resolve")
			}
			return env.Ticket.TicketID
		}
		quiet := open("Resuelto hace tiempo")
		e.clock.Advance(e.cfg.Tickets.AutoCloseAfter.Duration - time.Hour)
		recent := open("Resuelto hace poco")
		e.clock.Advance(2 * time.Hour)
		n, err := e.app.Tickets.AutoClose(ctx)
		if err != nil || n != 1 {
			t.Fatalf("closed %d, %v", n, err)
		}
		statusOf := func(id string) string {
			var env ticketEnvelope
			e.call("GET", "/api/tickets/"+id, tok["moderador"], nil, &env)
			return env.Ticket.Status
		}
		if statusOf(quiet) != tickets.StatusClosed || statusOf(recent) != tickets.StatusResolved {
			t.Fatalf("quiet %s, recent %s", statusOf(quiet), statusOf(recent))
		}
		// Running again closes nothing more.
		if n, _ := e.app.Tickets.AutoClose(ctx); n != 0 {
			t.Fatalf("second run closed %d", n)
		}
	})
}

func TestAssistantAnswersWithTheFAQ(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	tok := ticketPersonas(e)
	var env ticketEnvelope
	e.form("POST", "/api/tickets", tok["jugador"], map[string]string{"title": "Compré ROBUX", "message": "No llegó mi compra"}, nil, &env)
	ai := env.Ticket.Messages[1]
	if ai.SenderType != "ai" || !strings.Contains(ai.Content, "Tesorería lo verificará") || strings.Contains(ai.Content, "contraseña") {
		t.Fatalf("assistant: %q", ai.Content)
	}
	// The second ticket waits behind the first.
	e.form("POST", "/api/tickets", tok["otro"], map[string]string{"title": "Otra duda", "message": "hola"}, nil, &env)
	if ai := env.Ticket.Messages[1].Content; !strings.Contains(ai, "Hay 1 ticket antes que el tuyo") {
		t.Fatalf("assistant: %q", ai)
	}
}

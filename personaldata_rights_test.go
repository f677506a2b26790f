package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"zocalo/bot"
	"zocalo/core"
	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/privacy"
	"zocalo/core/roblox"
	"zocalo/core/storage"
	"zocalo/core/treasury"
	"zocalo/internal/discordfake"
	"zocalo/internal/discordoauth"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
	"zocalo/webapi"
)

// An approved cancellation blocks the member's data at once (their record and documents leave
// the API and the game API), and at the end of the blocking term suppresses it: the audit
// log's entries about them read "[suprimido]", the Discord post about their charge is deleted,
// and the sale they bought keeps its amount without them.
func TestCancellationBlocksThenSuppresses(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		const (
			ana       = "500000000000000021"
			moderator = "500000000000000022"
			comite    = "500000000000000023"
			tesorera  = "500000000000000024"
			anaRoblox = "90210"
		)
		fake := discordfake.New(discordfake.Options{ClientID: testenv.ClientID, ClientSecret: testenv.ClientKey,
			GuildID: testenv.GuildID, BotToken: testenv.BotToken})
		fakeSrv := httptest.NewServer(fake.Handler())
		defer fakeSrv.Close()
		fake.SetGatewayURL("ws" + strings.TrimPrefix(fakeSrv.URL, "http") + "/gateway")
		testenv.AddGuild(fake)
		for _, p := range []struct {
			name, id string
			roles    []authz.Role
		}{{"ana", ana, nil}, {"moderador", moderator, []authz.Role{authz.Moderador}}, {"comite", comite, []authz.Role{authz.Comite}},
			{"tesorera", tesorera, []authz.Role{authz.Tesoreria}}} {
			fake.AddUser(discordgo.User{ID: p.id, Username: p.name, Email: p.name + "@example.com"}, true, testenv.RoleIDs(p.roles...)...)
			fake.AddPersona(discordfake.Persona{Name: p.name, UserID: p.id})
		}

		var handler http.Handler
		portal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
		defer portal.Close()
		cfg := testenv.Config(t, portal.URL, fakeSrv.URL, nil)
		provider := discordoauth.New(discordoauth.Options{ClientID: cfg.Discord.ClientID, ClientSecret: cfg.Discord.ClientSecret,
			RedirectURL: cfg.PublicURL + "/api/auth/discord/callback", AuthorizeURL: cfg.Discord.AuthorizeURL,
			TokenURL: cfg.Discord.TokenURL, APIBaseURL: cfg.Discord.APIBaseURL, GuildID: cfg.Discord.GuildID})
		files, err := storage.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		clock := testenv.NewClock(time.Date(2026, 11, 20, 17, 0, 0, 0, time.UTC))
		app := core.New(d, cfg.CoreSettings(cfg.JWTSecret, clock.Now), core.Deps{Identity: provider, Files: files})
		srv := webapi.New(webapi.Deps{App: app, Config: cfg, Logger: slog.New(slog.DiscardHandler)})
		handler = srv.Handler()

		b, err := bot.New(bot.Deps{App: app, Config: cfg, Token: testenv.BotToken, Transport: discordfake.RewriteTransport(fakeSrv.URL),
			Metrics: prometheus.NewRegistry(), Logger: slog.New(slog.DiscardHandler), Timing: bot.Timing{LeaderPoll: 50 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- b.Run(ctx) }()
		defer func() { cancel(); <-done }()

		tokens := map[string]string{}
		for _, name := range []string{"ana", "moderador", "comite", "tesorera"} {
			tokens[name] = testenv.SignIn(t, portal.URL, name)
		}
		if err := d.Conn(ctx).Create(&roblox.Link{DiscordID: ana, RobloxUserID: anaRoblox, RobloxUsername: "AnaRP", RobloxKey: "anarp", VerifiedAt: clock.Now()}).Error; err != nil {
			t.Fatal(err)
		}
		call := func(method, path, token string, body any, out any) int {
			t.Helper()
			var r io.Reader
			if body != nil {
				raw, _ := json.Marshal(body)
				r = bytes.NewReader(raw)
			}
			req, _ := http.NewRequest(method, portal.URL+path, r)
			req.Header.Set("Content-Type", "application/json")
			if strings.HasPrefix(token, "zk_") {
				req.Header.Set("X-API-Key", token)
			} else if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			raw, _ := io.ReadAll(res.Body)
			if out != nil {
				_ = json.Unmarshal(raw, out)
			}
			return res.StatusCode
		}
		mustCall := func(method, path, token string, body any, want int, out any) {
			t.Helper()
			if code := call(method, path, token, body, out); code != want {
				t.Fatalf("%s %s: %d, want %d", method, path, code, want)
			}
		}

		// What the portal holds about Ana: a document, a charge posted to Discord, a sale.
		mustCall("POST", "/api/documents/ine", tokens["ana"], map[string]string{"RobloxName": "AnaRP", "Nombre": "Ana", "Apellido": "Ramírez",
			"Estado": "Jalisco", "Municipio": "Zapopan", "FechaNacimiento": "12/04/2001"}, http.StatusCreated, nil)
		mustCall("POST", "/api/records/charges", tokens["moderador"], map[string]string{"discordId": ana, "description": "Exceso de velocidad en Reforma"}, http.StatusCreated, nil)
		mustCall("POST", "/api/treasury/sales", tokens["tesorera"], treasury.Input{BuyerDiscordID: ana, Item: "INVERSOR"}, http.StatusCreated, nil)
		var form bytes.Buffer
		fields := multipart.NewWriter(&form)
		_ = fields.WriteField("title", "Perdí mi casa en Reforma")
		_ = fields.WriteField("message", "Vivía en la calle Olmo 12")
		_ = fields.Close()
		ticketReq, _ := http.NewRequest("POST", portal.URL+"/api/tickets", &form)
		ticketReq.Header.Set("Content-Type", fields.FormDataContentType())
		ticketReq.Header.Set("Authorization", "Bearer "+tokens["ana"])
		opened, err := http.DefaultClient.Do(ticketReq)
		if err != nil || opened.StatusCode != http.StatusCreated {
			t.Fatalf("opening a ticket: %v %v", opened, err)
		}
		var ticket struct {
			Ticket struct{ TicketID string }
		}
		_ = json.NewDecoder(opened.Body).Decode(&ticket)
		opened.Body.Close()
		cardOf := func() string {
			posts := live(fake.Messages(testenv.StaffTicketChannel))
			if len(posts) != 1 {
				return ""
			}
			raw, _ := json.Marshal(posts[0].Embeds)
			return string(raw)
		}
		waitFor(t, "her ticket's card is posted for staff", func() bool { return strings.Contains(cardOf(), "Perdí mi casa") })
		var threadID string
		waitFor(t, "her ticket's thread is open", func() bool {
			threads := fake.Threads(testenv.StaffTicketChannel)
			if len(threads) == 1 {
				threadID = threads[0].ID
			}
			return threadID != ""
		})
		var reply bytes.Buffer
		replyFields := multipart.NewWriter(&reply)
		_ = replyFields.WriteField("message", "Me mudé a la calle Pino 4")
		_ = replyFields.Close()
		replyReq, _ := http.NewRequest("POST", portal.URL+"/api/tickets/"+ticket.Ticket.TicketID+"/messages", &reply)
		replyReq.Header.Set("Content-Type", replyFields.FormDataContentType())
		replyReq.Header.Set("Authorization", "Bearer "+tokens["ana"])
		if res, err := http.DefaultClient.Do(replyReq); err != nil || res.StatusCode != http.StatusCreated {
			t.Fatalf("replying: %v %v", res, err)
		}
		threadSays := func(text string) bool {
			for _, m := range live(fake.Messages(threadID)) {
				if strings.Contains(m.Content, text) {
					return true
				}
			}
			return false
		}
		waitFor(t, "her reply is posted in the thread", func() bool { return threadSays("Pino 4") })
		waitFor(t, "the charge is posted in the records channel", func() bool { return len(live(fake.Messages(testenv.RecordsChannel))) == 1 })
		waitFor(t, "the sale is posted in the treasury channel", func() bool { return len(live(fake.Messages(testenv.TreasuryChannel))) == 1 })
		key, err := app.APIKeys.Create(ctx, &authz.Actor{DiscordID: comite, Roles: authz.RoleSet{authz.Comite: true}}, "servidor")
		if err != nil {
			t.Fatal(err)
		}
		var record []map[string]any
		mustCall("GET", "/api/records/search?discordId="+ana, tokens["moderador"], nil, http.StatusOK, &record)
		if len(record) != 1 {
			t.Fatalf("before: %d records", len(record))
		}

		// Ana asks for cancellation; COMITE approves it.
		var filed struct{ ID uint64 }
		mustCall("POST", "/api/me/data-requests", tokens["ana"], map[string]any{"kind": "cancelacion", "reason": "Ya no juego en la comunidad."}, http.StatusCreated, &filed)
		mustCall("POST", "/api/me/data-requests", tokens["ana"], map[string]any{"kind": "cancelacion", "reason": "Ya no juego en la comunidad."}, http.StatusConflict, nil)
		mustCall("POST", "/api/admin/data-requests/1/answer", tokens["ana"], map[string]any{"approve": true, "answer": "Aprobada por mí misma"}, http.StatusForbidden, nil)
		var answered struct {
			State string
			Kept  []struct{ Title, Why string }
		}
		path := "/api/admin/data-requests/" + jsonNumber(filed.ID) + "/answer"
		mustCall("POST", path, tokens["comite"], map[string]any{"approve": true, "answer": "Tus datos quedan bloqueados y se suprimirán en 30 días."}, http.StatusOK, &answered)
		if answered.State != "aprobada" || !keeps(answered.Kept, "Ventas") {
			t.Fatalf("answer: %+v", answered)
		}
		mustCall("POST", path, tokens["comite"], map[string]any{"approve": false, "answer": "Una segunda respuesta que no cuenta."}, http.StatusConflict, nil)
		waitFor(t, "Ana gets a DM with the answer", func() bool { return len(fake.DMs(ana)) == 1 })
		waitFor(t, "the DM's delivery is recorded", func() bool {
			var n int64
			d.Conn(ctx).Table("outbox_events").Where("channel_id = ? AND discord_message_id <> ''", "dm:"+ana).Count(&n)
			return n == 1
		})

		// Her export links the post about her charge and holds the DM.
		req, _ := http.NewRequest("GET", portal.URL+"/api/me/export", nil)
		req.Header.Set("Authorization", "Bearer "+tokens["ana"])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		export, _ := io.ReadAll(res.Body)
		res.Body.Close()
		post := "https://discord.com/channels/" + testenv.GuildID + "/" + testenv.RecordsChannel + "/"
		mention := "https://discord.com/channels/" + testenv.GuildID + "/" + testenv.TreasuryChannel + "/"
		if !strings.Contains(string(export), post) || !strings.Contains(string(export), mention) ||
			!strings.Contains(string(export), "Tu solicitud de cancelación fue aprobada") {
			t.Fatalf("the export lacks the posts' links or the DM: %.3000s", export)
		}

		// Blocked: the record, the document and the game's view of her are gone.
		record = nil
		mustCall("GET", "/api/records/search?discordId="+ana, tokens["moderador"], nil, http.StatusOK, &record)
		if len(record) != 0 {
			t.Fatalf("blocked record still found: %v", record)
		}
		var game struct {
			Charges  []any
			Document any
			Verified bool
		}
		mustCall("GET", "/api/integrations/players/by-id/"+anaRoblox, key.Key, nil, http.StatusOK, &game)
		if len(game.Charges) != 0 || game.Document != nil || game.Verified {
			t.Fatalf("the game still sees her: %+v", game)
		}
		var doc struct{ Document any }
		mustCall("GET", "/api/documents/mine", tokens["ana"], nil, http.StatusOK, &doc)
		if doc.Document != nil {
			t.Fatalf("blocked document still served: %v", doc.Document)
		}

		var listed []struct{ BuyerUsername string }
		mustCall("GET", "/api/treasury/sales", tokens["tesorera"], nil, http.StatusOK, &listed)
		if len(listed) != 1 || listed[0].BuyerUsername != privacy.Blocked {
			t.Fatalf("the treasury lists the blocked buyer as %+v", listed)
		}

		// Not yet: the term has not ended.
		if n, err := app.SuppressDue(ctx); err != nil || n != 0 {
			t.Fatalf("suppressed before the term: %d %v", n, err)
		}
		clock.Advance(31 * 24 * time.Hour)
		if n, err := app.SuppressDue(ctx); err != nil || n != 1 {
			t.Fatalf("suppress: %d %v", n, err)
		}
		if n, err := app.SuppressDue(ctx); err != nil || n != 0 {
			t.Fatalf("suppressed twice: %d %v", n, err)
		}
		waitFor(t, "the post about her charge is deleted from Discord", func() bool { return len(live(fake.Messages(testenv.RecordsChannel))) == 0 })
		waitFor(t, "her ticket's card no longer shows her title, name or words", func() bool {
			card := cardOf()
			return strings.Contains(card, privacy.Suppressed) && !strings.Contains(card, "Perdí") && !strings.Contains(card, "Olmo") && !strings.Contains(card, `"ana"`)
		})
		waitFor(t, "her thread takes the suppressed title and loses her words", func() bool {
			threads := fake.Threads(testenv.StaffTicketChannel)
			return len(threads) == 1 && strings.Contains(threads[0].Name, privacy.Suppressed) && !threadSays("Pino 4")
		})
		waitFor(t, "the treasury's post of her purchase no longer names her", func() bool {
			posts := live(fake.Messages(testenv.TreasuryChannel))
			if len(posts) != 1 || !posts[0].Edited {
				return false
			}
			raw, _ := json.Marshal(posts[0].Embeds)
			return !strings.Contains(string(raw), ana) && strings.Contains(string(raw), privacy.Suppressed) && strings.Contains(string(raw), "$")
		})

		var entries []audit.Entry
		if err := d.Conn(ctx).Where("entity_type IN ('document', 'charge', 'sale')").Find(&entries).Error; err != nil || len(entries) < 3 {
			t.Fatalf("audit entries: %d %v", len(entries), err)
		}
		for _, e := range entries {
			for _, secret := range []string{"Ramírez", "Zapopan", "2001-04-12", "Exceso de velocidad", "ana"} {
				if strings.Contains(e.Before+e.After, secret) {
					t.Fatalf("audit entry %d still says %q: %s %s", e.ID, secret, e.Before, e.After)
				}
			}
			if e.EntityType != "sale" && !strings.Contains(e.After, privacy.Suppressed) {
				t.Fatalf("audit entry %d not redacted: %s", e.ID, e.After)
			}
		}
		var naming int64
		if err := d.Conn(ctx).Table("outbox_events").Where("payload LIKE ?", "%"+ana+"%").Count(&naming).Error; err != nil || naming != 0 {
			t.Fatalf("%d deliveries to Discord still hold her id (%v)", naming, err)
		}
		var sales []treasury.Sale
		if err := d.Conn(ctx).Find(&sales).Error; err != nil || len(sales) != 1 {
			t.Fatalf("sales: %v %v", sales, err)
		}
		if s := sales[0]; s.BuyerDiscordID != "" || s.BuyerUsername != privacy.Suppressed || s.FinalPrice == 0 {
			t.Fatalf("the sale keeps %+v", s)
		}
		var left int64
		for _, table := range []string{"documents", "charges", "roblox_links", "users", "members"} {
			if err := d.Conn(ctx).Table(table).Where("discord_id = ?", ana).Count(&left).Error; err != nil || left != 0 {
				t.Fatalf("%s still holds her: %d %v", table, left, err)
			}
		}
	})
}

// live are the messages not deleted.
func live(ms []discordfake.Message) []discordfake.Message {
	out := []discordfake.Message{}
	for _, m := range ms {
		if !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

func keeps(kept []struct{ Title, Why string }, title string) bool {
	for _, k := range kept {
		if strings.Contains(k.Title, title) {
			return true
		}
	}
	return false
}

func jsonNumber(n uint64) string { raw, _ := json.Marshal(n); return string(raw) }

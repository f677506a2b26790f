package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"zocalo/core"
	"zocalo/core/auth"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/internal/config"
)

// liveCast are the sessions the live part acts with, each a member of its own.
type liveCast struct {
	streams []string // one per stream: every tenth support staff, the others players
	authors []string // players whose tickets are replied to, one per direction
	replier string   // the support staff member who replies
	writers []string // players who keep opening tickets meanwhile
}

// liveMembers creates the members of the cast for up to n streams, in bulk as the role sync
// writes them, and signs each in once.
func liveMembers(ctx context.Context, env map[string]string, n int) (*liveCast, error) {
	cfg, err := config.Load("", func(k string) string { return env[k] })
	if err != nil {
		return nil, err
	}
	d, err := db.Open(db.Options{URL: cfg.DatabaseURL})
	if err != nil {
		return nil, err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		return nil, err
	}
	app := core.New(d, cfg.CoreSettings(cfg.JWTSecret, nil), core.Deps{})
	supportRole := env[config.EnvPrefix+"ROLE_"+string(authz.SoporteTecnico)]

	var ids []string
	var snaps []members.Snapshot
	var users []auth.User
	now := time.Now().UTC()
	add := func(staff bool) int {
		i := len(ids)
		s := members.Snapshot{DiscordID: fmt.Sprintf("13000000000009%06d", i), Username: fmt.Sprintf("jugador%d", i), InGuild: true}
		if staff {
			s.DiscordID, s.Username, s.RoleIDs = fmt.Sprintf("13000000000008%06d", i), fmt.Sprintf("soporte%d", i), []string{supportRole}
		}
		ids = append(ids, s.DiscordID)
		snaps = append(snaps, s)
		users = append(users, auth.User{DiscordID: s.DiscordID, Username: s.Username, CreatedAt: now, UpdatedAt: now, LastLoginAt: now})
		return i
	}
	var streams, authors, writers []int
	for i := range n {
		streams = append(streams, add(i%10 == 0))
	}
	for range 2 {
		authors = append(authors, add(false))
	}
	for range 4 {
		writers = append(writers, add(false))
	}
	replier := add(true)

	if err := d.Conn(ctx).CreateInBatches(users, 500).Error; err != nil {
		return nil, err
	}
	if _, err := app.Members.Reconcile(ctx, snaps, nil); err != nil {
		return nil, err
	}
	tokens := make([]string, len(ids))
	var next atomic.Int64
	var signing sync.WaitGroup
	var failed error
	var failedMu sync.Mutex
	// A session is one insert and a signature: a few at once keep the pool busy.
	for range 8 {
		signing.Go(func() {
			for i := int(next.Add(1) - 1); i < len(ids); i = int(next.Add(1) - 1) {
				tok, err := app.Auth.Issue(ctx, ids[i])
				if err != nil {
					failedMu.Lock()
					failed = err
					failedMu.Unlock()
					return
				}
				tokens[i] = tok
			}
		})
	}
	signing.Wait()
	if failed != nil {
		return nil, fmt.Errorf("sign in: %w", failed)
	}
	pick := func(at []int) []string {
		out := make([]string, len(at))
		for i, k := range at {
			out[i] = tokens[k]
		}
		return out
	}
	return &liveCast{streams: pick(streams), authors: pick(authors), replier: tokens[replier], writers: pick(writers)}, nil
}

func createTicket(ctx context.Context, client *http.Client, base, token, title string) (string, error) {
	var out struct {
		Ticket struct {
			TicketID string `json:"ticketId"`
		} `json:"ticket"`
	}
	if err := postForm(ctx, client, base+"/api/tickets", token, map[string]string{"title": title, "message": "Prueba"}, &out); err != nil {
		return "", err
	}
	return out.Ticket.TicketID, nil
}

func reply(ctx context.Context, client *http.Client, base, token, ticket, content string) error {
	return postForm(ctx, client, base+"/api/tickets/"+ticket+"/messages", token, map[string]string{"message": content}, nil)
}

func postForm(ctx context.Context, client *http.Client, url, token string, fields map[string]string, out any) error {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	_ = w.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, &body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated {
		return fmt.Errorf("POST %s: %d %s", url, res.StatusCode, raw)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

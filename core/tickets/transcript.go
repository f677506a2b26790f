package tickets

import (
	"bytes"
	"context"
	"html/template"
	"slices"
	"time"

	"zocalo/core/authz"
)

var transcriptPage = template.Must(template.New("transcript").Funcs(template.FuncMap{
	"status":   StatusLabel,
	"priority": PriorityLabel,
	"category": CategoryLabel,
	"sender":   SenderLabel,
	"when":     func(t time.Time, loc *time.Location) string { return t.In(loc).Format("02/01/2006 15:04") },
}).Parse(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Transcripción del ticket #{{.T.ID}}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:820px;margin:24px auto;padding:0 16px;color:#1f2937;line-height:1.45}
h1{font-size:22px;margin-bottom:4px}.meta{color:#6b7280;font-size:13px}
.msg{border:1px solid #e5e7eb;border-radius:8px;padding:10px 12px;margin:10px 0}
.msg.staff{border-color:#c7d2fe;background:#eef2ff}.msg.note{border-color:#fde68a;background:#fffbeb}.msg.ai{border-color:#fbcfe8;background:#fdf2f8}
.content{white-space:pre-wrap;word-wrap:break-word}.event{color:#6b7280;font-size:13px;margin:6px 0}
table{border-collapse:collapse;font-size:14px}td{padding:2px 12px 2px 0}
</style></head><body>
<h1>Ticket #{{.T.ID}}: {{.T.Title}}</h1>
<table>
<tr><td>Autor</td><td>{{.T.AuthorName}} ({{.T.AuthorID}})</td></tr>
<tr><td>Categoría</td><td>{{category .T.Category}}</td></tr>
<tr><td>Estado</td><td>{{status .T.Status}}</td></tr>
<tr><td>Prioridad</td><td>{{priority .T.Priority}}</td></tr>
<tr><td>Asignado a</td><td>{{if .T.AssigneeName}}{{.T.AssigneeName}}{{else}}Sin asignar{{end}}</td></tr>
<tr><td>Creado</td><td>{{when .T.CreatedAt .Loc}}</td></tr>
{{if .T.Rating}}<tr><td>Calificación</td><td>{{.T.Rating}} de 5</td></tr>{{end}}
</table>
<p class="meta">Transcripción generada el {{when .Now .Loc}} para {{.Viewer}}.</p>
{{range .Items}}{{if .Message}}{{with .Message}}<div class="msg {{.SenderType}}">
<div class="meta">{{.SenderName}} · {{sender .SenderType}} · {{when .CreatedAt $.Loc}}</div>
<div class="content">{{.Content}}</div>
{{range .Attachments}}<div class="meta">📎 {{.Filename}} ({{.ContentType}}, {{.Size}} bytes)</div>{{end}}
</div>{{end}}{{else if .Note}}{{with .Note}}<div class="msg note">
<div class="meta">{{.AuthorName}} · Nota interna · {{when .CreatedAt $.Loc}}</div>
<div class="content">{{.Content}}</div>
</div>{{end}}{{else}}{{with .Event}}<div class="event">{{when .CreatedAt $.Loc}} · {{if .ActorName}}{{.ActorName}}{{else}}Sistema{{end}}: {{.Sentence}}</div>{{end}}{{end}}{{end}}
</body></html>`))

type transcriptItem struct {
	At      time.Time
	Message *Message
	Note    *Note // only in a transcript for staff: never the author's
	Event   *Event
}

// Transcript renders the whole ticket (messages, files, events) as an HTML page for
// those who may read it, and records that they did.
func (s *Service) Transcript(ctx context.Context, actor *authz.Actor, id string, loc *time.Location) ([]byte, error) {
	t, err := s.load(ctx, actor, id)
	if err != nil {
		return nil, err
	}
	var msgs []Message
	if err := s.db.Conn(ctx).Preload("Attachments").Where("ticket_id = ?", t.ID).Order("created_at, id").Find(&msgs).Error; err != nil {
		return nil, err
	}
	var events []Event
	if err := s.db.Conn(ctx).Where("ticket_id = ?", t.ID).Order("created_at, id").Find(&events).Error; err != nil {
		return nil, err
	}
	blocked, err := s.blocked(ctx)
	if err != nil {
		return nil, err
	}
	maskTicket(t, blocked)
	maskMessages(msgs, blocked)
	var notes []Note
	if MayReadNotes(actor, t.AuthorID) {
		if notes, err = s.notesOf(ctx, t.ID); err != nil {
			return nil, err
		}
	}
	items := make([]transcriptItem, 0, len(msgs)+len(notes)+len(events))
	for i := range msgs {
		items = append(items, transcriptItem{At: msgs[i].CreatedAt, Message: &msgs[i]})
	}
	for i := range notes {
		items = append(items, transcriptItem{At: notes[i].CreatedAt, Note: &notes[i]})
	}
	for i := range events {
		items = append(items, transcriptItem{At: events[i].CreatedAt, Event: &events[i]})
	}
	// In time order; at one moment, messages before notes before events, as written.
	slices.SortStableFunc(items, func(a, b transcriptItem) int { return a.At.Compare(b.At) })
	now := s.s.Now()
	if err := s.db.Conn(ctx).Omit("Ticket").Create(&TranscriptView{TicketID: t.ID, ViewerID: actor.DiscordID, ViewedAt: now}).Error; err != nil {
		return nil, err
	}
	if loc == nil {
		loc = time.UTC
	}
	var buf bytes.Buffer
	err = transcriptPage.Execute(&buf, map[string]any{"T": t, "Items": items, "Now": now, "Loc": loc, "Viewer": actor.Username})
	return buf.Bytes(), err
}

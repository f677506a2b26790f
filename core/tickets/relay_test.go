package tickets_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"zocalo/core/db"
	"zocalo/core/tickets"
	"zocalo/internal/testdb"
)

func fileOf(name string, data []byte) tickets.DiscordFile {
	return tickets.DiscordFile{Filename: name, Size: len(data), Load: func() ([]byte, error) { return data, nil }}
}

// threadTicket is a ticket whose thread is threadID.
func threadTicket(t *testing.T, k *desk, threadID string) tickets.Ticket {
	t.Helper()
	v := k.open(t, "No puedo entrar")
	tk := k.ticket(t, v.TicketID)
	if err := k.ThreadOpened(context.Background(), tk.ID, threadID); err != nil {
		t.Fatal(err)
	}
	return tk
}

// A staff reply from the thread with a file the portal cannot keep reaches the ticket
// with its text and the images it can keep; the message names the others and why, and
// the outcome lists them for the answer in the thread.
func TestAThreadReplyKeepsItsTextWhenAFileIsRefused(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		tk := threadTicket(t, k, "720000000000000011")
		loaded := map[string]bool{}
		load := func(name string, data []byte, err error) tickets.DiscordFile {
			return tickets.DiscordFile{Filename: name, Size: len(data), Load: func() ([]byte, error) {
				loaded[name] = true
				return data, err
			}}
		}
		huge := tickets.DiscordFile{Filename: "video.png", Size: tickets.MaxFileBytes + 1,
			Load: func() ([]byte, error) { loaded["video.png"] = true; return nil, errors.New("not to be fetched") }}
		got, err := k.ReplyFromDiscord(ctx, "720000000000000011", supportID, "730000000000000011", "Revisé el informe adjunto",
			[]tickets.DiscordFile{
				fileOf("captura.png", tinyPNG),
				load("informe.pdf", []byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"), nil),
				huge,
				load("perdido.png", nil, errors.New("connection reset")),
			})
		if err != nil || !got.Recorded || got.Closed {
			t.Fatalf("reply %+v, %v", got, err)
		}
		want := []tickets.NotKept{
			{Filename: "informe.pdf", Reason: "tipo no admitido: solo JPEG, PNG o GIF"},
			{Filename: "video.png", Reason: "pesa más de 5 MB"},
			{Filename: "perdido.png", Reason: "no se pudo descargar de Discord"},
		}
		if len(got.NotKept) != len(want) {
			t.Fatalf("not kept %+v", got.NotKept)
		}
		for i := range want {
			if got.NotKept[i] != want[i] {
				t.Fatalf("not kept %+v, want %+v", got.NotKept, want)
			}
		}
		if loaded["video.png"] {
			t.Fatal("a file past the limit by its declared size was downloaded")
		}
		var m tickets.Message
		if err := d.Conn(ctx).Where("discord_message_id = ?", "730000000000000011").Preload("Attachments").Take(&m).Error; err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(m.Content, "\n")
		if lines[0] != "Revisé el informe adjunto" ||
			!strings.Contains(m.Content, "Archivo no guardado: informe.pdf (tipo no admitido: solo JPEG, PNG o GIF)") ||
			!strings.Contains(m.Content, "Archivo no guardado: video.png (pesa más de 5 MB)") ||
			!strings.Contains(m.Content, "Archivo no guardado: perdido.png (no se pudo descargar de Discord)") {
			t.Fatalf("recorded %q", m.Content)
		}
		if len(m.Attachments) != 1 || m.Attachments[0].Filename != "captura.png" {
			t.Fatalf("attachments %+v", m.Attachments)
		}
		if got := storedFiles(t, k.dir); got != 1 {
			t.Fatalf("%d files in storage, want the one kept", got)
		}
		if got := k.ticket(t, tk.PublicID()).Status; got != tickets.StatusWaitingUser {
			t.Fatalf("status %s", got)
		}
	})
}

// A reply that is only files, all refused, is still recorded: the message names them.
// Past five files, the rest are named too.
func TestAThreadReplyOfRefusedFilesIsRecorded(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		threadTicket(t, k, "720000000000000012")
		got, err := k.ReplyFromDiscord(ctx, "720000000000000012", supportID, "730000000000000012", "",
			[]tickets.DiscordFile{fileOf("notas.txt", []byte("hola, estas son las notas"))})
		if err != nil || !got.Recorded || len(got.NotKept) != 1 {
			t.Fatalf("reply %+v, %v", got, err)
		}
		var m tickets.Message
		if err := d.Conn(ctx).Where("discord_message_id = ?", "730000000000000012").Take(&m).Error; err != nil {
			t.Fatal(err)
		}
		if m.Content != "Archivo no guardado: notas.txt (tipo no admitido: solo JPEG, PNG o GIF)" {
			t.Fatalf("recorded %q", m.Content)
		}

		var six []tickets.DiscordFile
		for _, name := range []string{"1.png", "2.png", "3.png", "4.png", "5.png", "6.png"} {
			six = append(six, fileOf(name, tinyPNG))
		}
		got, err = k.ReplyFromDiscord(ctx, "720000000000000012", supportID, "730000000000000013", "seis capturas", six)
		if err != nil || !got.Recorded || len(got.NotKept) != 1 || got.NotKept[0].Filename != "6.png" ||
			got.NotKept[0].Reason != "más de 5 archivos en un mensaje" {
			t.Fatalf("reply %+v, %v", got, err)
		}
		if n := k.count(t, &tickets.Attachment{}, "filename LIKE ?", "%.png"); n != 5 {
			t.Fatalf("%d images kept, want 5", n)
		}
	})
}

// A closed ticket takes nothing from its thread, and says so.
func TestAThreadReplyToAClosedTicket(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		tk := threadTicket(t, k, "720000000000000014")
		if err := d.Conn(ctx).Model(&tickets.Ticket{}).Where("id = ?", tk.ID).Update("status", tickets.StatusClosed).Error; err != nil {
			t.Fatal(err)
		}
		got, err := k.ReplyFromDiscord(ctx, "720000000000000014", supportID, "730000000000000014", "¿Sigue el problema?",
			[]tickets.DiscordFile{fileOf("captura.png", tinyPNG)})
		if err != nil || got.Recorded || !got.Closed || got.TicketID != tk.ID {
			t.Fatalf("reply %+v, %v", got, err)
		}
		if n := k.count(t, &tickets.Message{}, "discord_message_id = ?", "730000000000000014"); n != 0 {
			t.Fatalf("%d messages recorded", n)
		}
		if got := storedFiles(t, k.dir); got != 0 {
			t.Fatalf("%d files left in storage", got)
		}
	})
}

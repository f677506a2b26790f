package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
)

// withinLimits fails the test when a message passes one of Discord's limits, counted in
// code points as Discord does, or holds broken UTF-8.
func withinLimits(t *testing.T, content string, embeds []*discordgo.MessageEmbed) {
	t.Helper()
	check := func(what, s string, n int) {
		t.Helper()
		if !utf8.ValidString(s) {
			t.Fatalf("%s is not valid UTF-8", what)
		}
		if c := utf8.RuneCountInString(s); c > n {
			t.Fatalf("%s has %d characters, past %d", what, c, n)
		}
	}
	check("content", content, outbox.MaxContent)
	if len(embeds) > outbox.MaxEmbedsPerMessage {
		t.Fatalf("%d embeds", len(embeds))
	}
	total := 0
	for i, e := range embeds {
		check(fmt.Sprintf("embed %d title", i), e.Title, outbox.MaxEmbedTitle)
		check(fmt.Sprintf("embed %d description", i), e.Description, outbox.MaxEmbedDescription)
		total += utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
		if len(e.Fields) > outbox.MaxEmbedFields {
			t.Fatalf("embed %d has %d fields", i, len(e.Fields))
		}
		for j, f := range e.Fields {
			check(fmt.Sprintf("embed %d field %d name", i, j), f.Name, outbox.MaxFieldName)
			check(fmt.Sprintf("embed %d field %d value", i, j), f.Value, outbox.MaxFieldValue)
			total += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
		}
		if e.Footer != nil {
			check(fmt.Sprintf("embed %d footer", i), e.Footer.Text, outbox.MaxEmbedFooter)
			total += utf8.RuneCountInString(e.Footer.Text)
		}
	}
	if total > outbox.MaxEmbedsTotal {
		t.Fatalf("embeds have %d characters in all", total)
	}
}

// text is n characters of Spanish prose with accents and emoji, numbered so a cut shows.
func text(n int) string {
	var b strings.Builder
	for i := 0; utf8.RuneCountInString(b.String()) < n; i++ {
		fmt.Fprintf(&b, "línea %d: acción señal 🚓 ", i)
	}
	return string([]rune(b.String())[:n])
}

func TestAShortMessageIsKeptWholeWithItsMarker(t *testing.T) {
	t.Parallel()
	f := fitMessage("hola", nil, "Zócalo · #7")
	if f.content != "hola\n-# Zócalo · #7" || f.fullText != nil {
		t.Fatalf("fitted %q, full text %q", f.content, f.fullText)
	}
	embed := []*discordgo.MessageEmbed{{Title: "Aviso", Description: "corto", Footer: &discordgo.MessageEmbedFooter{Text: "Equipo"}}}
	f = fitMessage("", embed, "Zócalo · #8")
	if f.content != "" || f.embeds[0].Footer.Text != "Equipo · Zócalo · #8" || f.fullText != nil || embed[0].Footer.Text != "Equipo" {
		t.Fatalf("fitted %+v, footer %q; the event's embed became %q", f, f.embeds[0].Footer.Text, embed[0].Footer.Text)
	}
}

func TestLongContentKeepsItsStartAndAttachesTheWhole(t *testing.T) {
	t.Parallel()
	long := text(2500)
	f := fitMessage(long, nil, "Zócalo · #9")
	withinLimits(t, f.content, nil)
	start, _, _ := strings.Cut(f.content, "…")
	if !strings.HasPrefix(long, start) || utf8.RuneCountInString(start) < 1800 {
		t.Fatalf("the message shows %d characters of the start", utf8.RuneCountInString(start))
	}
	if !strings.HasSuffix(f.content, "…\n-# Texto completo en el archivo adjunto · Zócalo · #9") {
		t.Fatalf("the message ends %q", f.content[len(f.content)-80:])
	}
	if string(f.fullText) != long+"\n" {
		t.Fatal("the attachment does not hold the whole text")
	}
	if files := f.files(); len(files) != 1 || files[0].Name != "mensaje-completo.txt" {
		t.Fatalf("files %+v", files)
	}
}

// Characters outside the BMP count twice here, as Discord may count them: an emoji-only
// text is cut sooner, never past the limit, never inside a character.
func TestAnEmojiIsNeverSplit(t *testing.T) {
	t.Parallel()
	f := fitMessage(strings.Repeat("😀", 1500), nil, "")
	withinLimits(t, f.content, nil)
	if outbox.Units(f.content) > outbox.MaxContent || f.fullText == nil {
		t.Fatalf("%d outbox.Units, full text %v", outbox.Units(f.content), f.fullText != nil)
	}
}

func TestEmbedsPastTheirLimitsAreCutAndAttached(t *testing.T) {
	t.Parallel()
	var fields []*discordgo.MessageEmbedField
	for i := 1; i <= 30; i++ {
		fields = append(fields, &discordgo.MessageEmbedField{Name: fmt.Sprintf("Oficial %02d", i), Value: text(300)})
	}
	embeds := []*discordgo.MessageEmbed{
		{Title: text(300), Description: text(4500), Fields: fields, Footer: &discordgo.MessageEmbedFooter{Text: "Reporte semanal"}},
		{Title: "Segunda", Description: text(3000)},
	}
	f := fitMessage("", embeds, "Zócalo · #10")
	withinLimits(t, f.content, f.embeds)
	first := f.embeds[0]
	if !strings.HasSuffix(first.Title, "…") || !strings.HasPrefix(embeds[0].Description, strings.TrimSuffix(first.Description, "…")) {
		t.Fatalf("title %q, description starts %q", first.Title, first.Description[:40])
	}
	if first.Footer.Text != "Texto completo en el archivo adjunto · Reporte semanal · Zócalo · #10" {
		t.Fatalf("footer %q", first.Footer.Text)
	}
	whole := string(f.fullText)
	for _, want := range []string{embeds[0].Title, embeds[0].Description, "Oficial 30\n" + fields[29].Value, embeds[1].Description, "Reporte semanal"} {
		if !strings.Contains(whole, want) {
			t.Fatalf("the attachment misses %q", want[:min(len(want), 40)])
		}
	}
	if strings.Contains(whole, "Zócalo · #10") {
		t.Fatal("the attachment carries the marker")
	}
	// Eleven embeds: ten are shown.
	var many []*discordgo.MessageEmbed
	for i := range 11 {
		many = append(many, &discordgo.MessageEmbed{Title: fmt.Sprintf("Aviso %d", i)})
	}
	f = fitMessage("", many, "Zócalo · #11")
	withinLimits(t, f.content, f.embeds)
	if len(f.embeds) != 10 || !strings.Contains(string(f.fullText), "Aviso 10") {
		t.Fatalf("%d embeds shown", len(f.embeds))
	}
}

func TestFilesAreSpreadWithinTheUploadLimit(t *testing.T) {
	t.Parallel()
	five := make([]storedFile, 5)
	for i := range five {
		five[i] = storedFile{data: make([]byte, 5<<20)}
		five[i].ref.Filename = fmt.Sprintf("%d.png", i)
	}
	groups := packFiles(five, 0, 10<<20)
	n := 0
	for _, g := range groups {
		var sum int64
		for _, f := range g {
			if f.ref.Filename != fmt.Sprintf("%d.png", n) {
				t.Fatalf("file %s out of order", f.ref.Filename)
			}
			n++
			sum += int64(len(f.data))
		}
		if sum > 10<<20 || len(g) == 0 {
			t.Fatalf("a message of %d files, %d bytes", len(g), sum)
		}
	}
	if n != 5 {
		t.Fatalf("%d files posted", n)
	}
	// Small files share a message, ten at most; a text attachment rides in the first.
	small := make([]storedFile, 12)
	for i := range small {
		small[i] = storedFile{data: []byte("x")}
	}
	groups = packFiles(small, 100, 10<<20)
	if len(groups) != 2 || len(groups[0]) != 9 || len(groups[1]) != 3 {
		t.Fatalf("groups of %d and %d", len(groups[0]), len(groups[1]))
	}
	if g := packFiles(nil, 0, 10<<20); len(g) != 1 || len(g[0]) != 0 {
		t.Fatalf("no files: %d messages", len(g))
	}
}

func TestPartNoncesAreDistinctAndShort(t *testing.T) {
	t.Parallel()
	base := "z0123456789abcdef01234567"
	seen := map[string]bool{}
	for _, label := range []string{"", "archivos"} {
		for part := 1; part <= 12; part++ {
			n := partNonce(base, label, part)
			if len(n) > 25 || seen[n] {
				t.Fatalf("nonce %q", n)
			}
			seen[n] = true
		}
	}
	if partNonce(base, "", 1) != base {
		t.Fatal("the first message of a post lost the event's nonce")
	}
}

// A contact message of 4,500 characters arrives whole: one post whose embed shows the
// start and says so, with the whole text attached.
func TestALongContactMessageArrivesWhole(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		message := text(4500)
		ev, err := r.app.Outbox.Enqueue(ctx, outbox.KindChannelMessage, testChannel, outbox.ChannelMessage{Embeds: []outbox.Embed{{
			Title: "Nuevo mensaje de contacto", Description: message,
			Fields: []outbox.EmbedField{{Name: "Nombre", Value: "Ana"}, {Name: "Correo", Value: "ana@example.com"}},
		}}})
		if err != nil {
			t.Fatal(err)
		}
		r.start(r.newBot(), true)
		r.eventually("the message is delivered", func() bool {
			got, _ := r.app.Outbox.Get(ctx, ev.ID)
			return got.Status == outbox.StatusDelivered
		})
		msgs := r.fake.Messages(testChannel)
		if len(msgs) != 1 || len(msgs[0].Embeds) != 1 || len(msgs[0].Attachments) != 1 {
			t.Fatalf("%d posts: %+v", len(msgs), msgs)
		}
		e, file := msgs[0].Embeds[0], msgs[0].Attachments[0]
		withinLimits(t, msgs[0].Content, msgs[0].Embeds)
		shown := strings.TrimSuffix(e.Description, "…")
		if !strings.HasPrefix(message, shown) || utf8.RuneCountInString(shown) < 3800 || len(e.Fields) != 2 {
			t.Fatalf("the embed shows %d characters and %d fields", utf8.RuneCountInString(shown), len(e.Fields))
		}
		if !strings.HasPrefix(e.Footer.Text, "Texto completo en el archivo adjunto") ||
			!strings.HasSuffix(e.Footer.Text, fmt.Sprintf("Zócalo · #%d", ev.ID)) {
			t.Fatalf("footer %q", e.Footer.Text)
		}
		if file.Name != "mensaje-completo.txt" || !strings.Contains(string(file.Data), message) ||
			!strings.Contains(string(file.Data), "ana@example.com") {
			t.Fatalf("attachment %s of %d bytes", file.Name, len(file.Data))
		}
	})
}

// An embed of 30 fields arrives as one post: 25 fields shown, all 30 attached.
func TestAnEmbedOfThirtyFieldsArrives(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	ctx := context.Background()
	var fields []outbox.EmbedField
	for i := 1; i <= 30; i++ {
		fields = append(fields, outbox.EmbedField{Name: fmt.Sprintf("Oficial %02d", i), Value: fmt.Sprintf("%d horas", i), Inline: true})
	}
	ev, err := r.app.Outbox.Enqueue(ctx, outbox.KindChannelMessage, testChannel, outbox.ChannelMessage{Embeds: []outbox.Embed{{
		Title: "Reporte semanal", Fields: fields}}})
	if err != nil {
		t.Fatal(err)
	}
	r.start(r.newBot(), true)
	r.eventually("the report is delivered", func() bool {
		got, _ := r.app.Outbox.Get(ctx, ev.ID)
		return got.Status == outbox.StatusDelivered
	})
	msgs := r.fake.Messages(testChannel)
	if len(msgs) != 1 || len(msgs[0].Embeds[0].Fields) != 25 || len(msgs[0].Attachments) != 1 {
		t.Fatalf("posts %+v", msgs)
	}
	if data := string(msgs[0].Attachments[0].Data); !strings.Contains(data, "Oficial 30\n30 horas") {
		t.Fatalf("attachment %q", data)
	}
}

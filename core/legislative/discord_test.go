package legislative_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/legislative"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// events are the outbox events of a kind, oldest first.
func events(t *testing.T, d *db.DB, kind string) []outbox.Event {
	t.Helper()
	var out []outbox.Event
	if err := d.Conn(context.Background()).Where("kind = ?", kind).Order("id").Find(&out).Error; err != nil {
		t.Fatal(err)
	}
	return out
}

func embedField(e outbox.Embed, name string) string {
	for _, f := range e.Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// The opening post carries the ballot's buttons; each vote edits its tally, and the close
// edits it to the result with the buttons disabled.
func TestTheBallotFollowsTheVote(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		end := r.clock.Now().Add(48 * time.Hour)
		id := r.open(t, legislative.BodyCongreso, &end)

		posts := events(t, d, outbox.KindChannelMessage)
		if len(posts) != 1 {
			t.Fatalf("%d posts", len(posts))
		}
		var opening outbox.ChannelMessage
		_ = json.Unmarshal([]byte(posts[0].Payload), &opening)
		if len(opening.Buttons) != 1 || len(opening.Buttons[0].Buttons) != 3 || opening.Buttons[0].Buttons[0].Disabled ||
			opening.Buttons[0].Buttons[0].Label != "A favor" || opening.Buttons[0].Buttons[2].Label != "Abstención" ||
			!strings.HasPrefix(opening.Embeds[0].Title, "Votación abierta: ") {
			t.Fatalf("opening post %+v", opening)
		}
		pressed, choice, err := legislative.ParseBallot(strings.Split(opening.Buttons[0].Buttons[1].CustomID, ":")[1:])
		if err != nil || pressed != id || choice != legislative.VoteAgainst {
			t.Fatalf("button %q: %d %q %v", opening.Buttons[0].Buttons[1].CustomID, pressed, choice, err)
		}

		if _, err := r.svc.Vote(ctx, diputado, id, legislative.VoteInFavor); err != nil {
			t.Fatal(err)
		}
		if _, err := r.svc.Vote(ctx, senador, id, legislative.VoteAgainst); err != nil {
			t.Fatal(err)
		}
		edits := events(t, d, outbox.KindMessageEdit)
		if len(edits) != 2 {
			t.Fatalf("%d edits after two votes", len(edits))
		}
		var last outbox.MessageEdit
		_ = json.Unmarshal([]byte(edits[1].Payload), &last)
		if last.RefEventID != posts[0].ID || embedField(last.Embeds[0], "A favor") != "1" || embedField(last.Embeds[0], "En contra") != "1" ||
			last.Buttons[0].Buttons[0].Disabled {
			t.Fatalf("edit after the votes %+v", last)
		}
		if strings.Contains(edits[1].Payload, diputado.Username) || strings.Contains(edits[1].Payload, senador.Username) {
			t.Fatal("the ballot names who voted")
		}

		r.clock.Advance(49 * time.Hour)
		if _, err := r.svc.CloseDue(ctx); err != nil {
			t.Fatal(err)
		}
		edits = events(t, d, outbox.KindMessageEdit)
		_ = json.Unmarshal([]byte(edits[len(edits)-1].Payload), &last)
		for _, b := range last.Buttons[0].Buttons {
			if !b.Disabled {
				t.Fatalf("button %q still enabled after the close", b.Label)
			}
		}
		if !strings.HasPrefix(last.Embeds[0].Title, "Rechazada: ") || embedField(last.Embeds[0], "Resultado") != "Rechazada" {
			t.Fatalf("closed ballot %+v", last.Embeds[0])
		}
	})
}

// Stopping a vote disables the ballot; opening it again posts a new one.
func TestAStoppedVoteDisablesItsBallot(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		id := r.open(t, legislative.BodySCJN, nil)
		if _, err := r.svc.ConfigureVoting(ctx, comite, id, false, nil); err != nil {
			t.Fatal(err)
		}
		edits := events(t, d, outbox.KindMessageEdit)
		var edit outbox.MessageEdit
		if len(edits) != 1 || json.Unmarshal([]byte(edits[0].Payload), &edit) != nil || !edit.Buttons[0].Buttons[0].Disabled ||
			!strings.HasPrefix(edit.Embeds[0].Title, "Votación suspendida: ") {
			t.Fatalf("edits %+v", edits)
		}
		if _, err := r.svc.ConfigureVoting(ctx, comite, id, true, nil); err != nil {
			t.Fatal(err)
		}
		ballots := 0
		for _, p := range events(t, d, outbox.KindChannelMessage) {
			var m outbox.ChannelMessage
			_ = json.Unmarshal([]byte(p.Payload), &m)
			if len(m.Buttons) == 1 && !m.Buttons[0].Buttons[0].Disabled {
				ballots++
			}
		}
		if ballots != 2 {
			t.Fatalf("%d ballots posted, want one per opening", ballots)
		}
	})
}

// seat adds a guild member holding roles, as the role sync records them.
func seat(t *testing.T, d *db.DB, id string, inGuild bool, roles ...authz.Role) {
	t.Helper()
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	if err := d.Conn(ctx).Create(&members.Member{DiscordID: id, Username: "m" + id, InGuild: inGuild, CreatedAt: now, UpdatedAt: now}).Error; err != nil {
		t.Fatal(err)
	}
	for _, roleID := range testenv.RoleIDs(roles...) {
		if err := d.Conn(ctx).Create(&members.MemberRole{MemberID: id, RoleID: roleID}).Error; err != nil {
			t.Fatal(err)
		}
	}
}

// Seat holders who have not voted get one DM before the end, however many runs overlap;
// those who voted, those without a seat in that body and those who left get none.
func TestRemindersReachEachWaitingSeatHolderOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := testenv.NewClock(time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC))
		svc := legislative.NewService(d, outbox.NewStore(d, clock.Now), legislative.Settings{Channel: channel, Now: clock.Now,
			Roles: testenv.Roles, PublicURL: "http://portal.test", Location: time.UTC})
		seat(t, d, diputado.DiscordID, true, authz.Diputado)
		seat(t, d, senador.DiscordID, true, authz.Senador)
		seat(t, d, "8", true, authz.Diputado, authz.Senador) // two seats, one reminder
		seat(t, d, "9", false, authz.Diputado)               // left the guild
		seat(t, d, ministro.DiscordID, true, authz.Ministro) // the other body
		v, err := svc.Create(ctx, oficina, "Ley de Aguas", "Resumen", legislative.BodyCongreso)
		if err != nil {
			t.Fatal(err)
		}
		end := clock.Now().Add(30 * time.Hour)
		if _, err := svc.ConfigureVoting(ctx, oficina, v.ID, true, &end); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Vote(ctx, senador, v.ID, legislative.VoteInFavor); err != nil {
			t.Fatal(err)
		}
		if n, err := svc.RemindDue(ctx, 24*time.Hour); err != nil || n != 0 {
			t.Fatalf("30 h before the end: %d reminders, %v", n, err)
		}
		clock.Advance(7 * time.Hour)

		var wg sync.WaitGroup
		var mu sync.Mutex
		total := 0
		for range 8 {
			wg.Go(func() {
				n, err := svc.RemindDue(ctx, 24*time.Hour)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				total += n
				mu.Unlock()
			})
		}
		wg.Wait()
		dms := events(t, d, outbox.KindDM)
		got := map[string]int{}
		for _, ev := range dms {
			var p outbox.DM
			_ = json.Unmarshal([]byte(ev.Payload), &p)
			got[p.UserID]++
			if !strings.Contains(p.Content, "«Ley de Aguas»") || !strings.Contains(p.Content, "http://portal.test/legislative/initiatives/") {
				t.Errorf("reminder %q", p.Content)
			}
		}
		if total != 2 || len(dms) != 2 || got[diputado.DiscordID] != 1 || got["8"] != 1 {
			t.Fatalf("%d counted, DMs %v", total, got)
		}
		if n, err := svc.RemindDue(ctx, 24*time.Hour); err != nil || n != 0 {
			t.Fatalf("a later run sent %d, %v", n, err)
		}
	})
}

// The Diario Oficial lists approved initiatives only, searchable, with text, dates and
// tally, and never who voted what.
func TestTheDiarioOficialPublishesApprovedLaws(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		end := r.clock.Now().Add(time.Hour)
		approved := r.open(t, legislative.BodyCongreso, &end)
		rejected := r.open(t, legislative.BodySCJN, &end)
		still := r.open(t, legislative.BodyCongreso, nil)
		if _, err := r.svc.Vote(ctx, diputado, approved, legislative.VoteInFavor); err != nil {
			t.Fatal(err)
		}
		if _, err := r.svc.Vote(ctx, ministro, rejected, legislative.VoteAgainst); err != nil {
			t.Fatal(err)
		}
		if _, err := r.svc.Vote(ctx, senador, still, legislative.VoteInFavor); err != nil {
			t.Fatal(err)
		}
		r.clock.Advance(2 * time.Hour)
		if _, err := r.svc.CloseDue(ctx); err != nil {
			t.Fatal(err)
		}
		page, err := r.svc.Gazette(ctx, legislative.GazetteQuery{})
		if err != nil {
			t.Fatal(err)
		}
		if page.Total != 1 || len(page.Laws) != 1 {
			t.Fatalf("page %+v", page)
		}
		law := page.Laws[0]
		if law.ID != approved || law.Text != "Resumen" || law.Votes.InFavor != 1 || law.Result != legislative.StatusApproved ||
			law.BodyName != "Cámara de Diputados" || !law.ApprovedAt.Equal(r.clock.Now()) || law.PresentedAt.After(law.ApprovedAt) {
			t.Fatalf("law %+v", law)
		}
		raw, _ := json.Marshal(page)
		if strings.Contains(string(raw), diputado.DiscordID+`"`) || strings.Contains(string(raw), diputado.Username) {
			t.Fatalf("the gazette names a voter: %s", raw)
		}
		for search, want := range map[string]int64{"ley congreso": 1, "LEY": 1, "scjn": 0, "100%": 0, "resumen_": 0} {
			page, err := r.svc.Gazette(ctx, legislative.GazetteQuery{Search: search})
			if err != nil || page.Total != want {
				t.Errorf("search %q: %d, %v", search, page.Total, err)
			}
		}
		if _, err := r.svc.Gazette(ctx, legislative.GazetteQuery{Search: strings.Repeat("a", 101)}); kindOf(err) != errs.KindInvalid {
			t.Errorf("a long search: %v", err)
		}
		if _, err := r.svc.Gazette(ctx, legislative.GazetteQuery{Limit: 101}); kindOf(err) != errs.KindInvalid {
			t.Errorf("a large page: %v", err)
		}
	})
}

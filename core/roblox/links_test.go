package roblox_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/roblox"
	"zocalo/internal/testdb"
)

const (
	pepe = "700000000000000031"
	rosa = "700000000000000032"
)

func now() time.Time { return time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC) }

type entry struct {
	Action, Before, After string
}

func linkAudits(t *testing.T, d *db.DB, discordID string) []entry {
	t.Helper()
	var out []entry
	if err := d.Conn(context.Background()).Model(&audit.Entry{}).Where("entity_type = ? AND entity_id = ?", "roblox_link", discordID).
		Order("id").Select("action, before, after").Scan(&out).Error; err != nil {
		t.Fatal(err)
	}
	return out
}

func holder(t *testing.T, s *roblox.Service, name string) string {
	t.Helper()
	l, err := s.ByUsername(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	if l == nil {
		return ""
	}
	return l.DiscordID
}

func TestLinkSwitchAndUnlinkAreAudited(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := roblox.NewService(d, nil, now)
		var changes []roblox.LinkChange
		s.OnLink(func(_ context.Context, c roblox.LinkChange) error { changes = append(changes, c); return nil })

		if _, err := s.Link(ctx, pepe, roblox.Account{UserID: "501", Username: "PepeRP"}); err != nil {
			t.Fatal(err)
		}
		// The same account verified again under a new name refreshes the name.
		if _, err := s.Link(ctx, pepe, roblox.Account{UserID: "501", Username: "PepeNuevo"}); err != nil {
			t.Fatal(err)
		}
		if holder(t, s, "PepeRP") != "" || holder(t, s, "pepenuevo") != pepe {
			t.Fatalf("after the rename: PepeRP held by %q, PepeNuevo by %q", holder(t, s, "PepeRP"), holder(t, s, "pepenuevo"))
		}
		// Another account replaces the link (a switch).
		if _, err := s.Link(ctx, pepe, roblox.Account{UserID: "502", Username: "PepeAlt"}); err != nil {
			t.Fatal(err)
		}
		if l, _ := s.LinkOf(ctx, pepe); l == nil || l.RobloxUserID != "502" {
			t.Fatalf("the link after the switch: %+v", l)
		}
		if holder(t, s, "PepeNuevo") != "" {
			t.Fatal("the old account's name is still held after the switch")
		}
		// Rosa cannot take an account linked to Pepe.
		var refusal *roblox.Refusal
		if _, err := s.Link(ctx, rosa, roblox.Account{UserID: "502", Username: "PepeAlt"}); !errors.As(err, &refusal) || refusal.Reason != roblox.ReasonTaken {
			t.Fatalf("another member's account: %v", err)
		}
		actor := &authz.Actor{DiscordID: pepe, Username: "pepe"}
		st, err := s.Unlink(ctx, actor)
		if err != nil || st.Verified {
			t.Fatalf("unlink: %+v %v", st, err)
		}
		// Unlinking again changes nothing.
		if st, err := s.Unlink(ctx, actor); err != nil || st.Verified {
			t.Fatalf("second unlink: %+v %v", st, err)
		}
		if holder(t, s, "PepeAlt") != "" {
			t.Fatal("an unlinked account's name is still held")
		}
		// Rosa may now link the account Pepe let go.
		if _, err := s.Link(ctx, rosa, roblox.Account{UserID: "502", Username: "PepeAlt"}); err != nil {
			t.Fatalf("linking a let-go account: %v", err)
		}

		got := linkAudits(t, d, pepe)
		want := []struct{ action, before, after string }{
			{roblox.ActionLink, "", `{"robloxUserId":"501","robloxUsername":"PepeRP"}`},
			{roblox.ActionRefresh, `{"robloxUserId":"501","robloxUsername":"PepeRP"}`, `{"robloxUserId":"501","robloxUsername":"PepeNuevo"}`},
			{roblox.ActionSwitch, `{"robloxUserId":"501","robloxUsername":"PepeNuevo"}`, `{"robloxUserId":"502","robloxUsername":"PepeAlt"}`},
			{roblox.ActionUnlink, `{"robloxUserId":"502","robloxUsername":"PepeAlt"}`, ""},
		}
		if len(got) != len(want) {
			t.Fatalf("audits %+v", got)
		}
		for i, w := range want {
			if got[i].Action != w.action || !sameJSON(got[i].Before, w.before) || !sameJSON(got[i].After, w.after) {
				t.Errorf("audit %d: %+v, want %+v", i, got[i], w)
			}
		}
		if len(changes) != 4 || changes[0].Before != nil || changes[2].Before.RobloxUserID != "501" || changes[3].DiscordID != rosa {
			t.Fatalf("link changes told: %+v", changes)
		}
	})
}

// A name belongs to whoever verified it last: an account renamed on Roblox leaves its old
// name to whoever takes it there and verifies it.
func TestANameGoesToItsNewestVerifier(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := roblox.NewService(d, nil, now)
		if _, err := s.Link(ctx, pepe, roblox.Account{UserID: "601", Username: "Nombre_Viejo"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Link(ctx, rosa, roblox.Account{UserID: "602", Username: "nombre_viejo"}); err != nil {
			t.Fatal(err)
		}
		if holder(t, s, "Nombre_Viejo") != rosa {
			t.Fatalf("the name is held by %q", holder(t, s, "Nombre_Viejo"))
		}
		// Pepe's link still names the account by the name it had; his user id still finds him.
		if l, _ := s.ByUserID(ctx, "601"); l == nil || l.DiscordID != pepe {
			t.Fatalf("by user id: %+v", l)
		}
		// Claims follow the newest verifier.
		if err := s.Claim(ctx, pepe, "NOMBRE_VIEJO"); !errors.Is(err, roblox.ErrNameVerified) {
			t.Fatalf("the old verifier claims the name: %v", err)
		}
		if err := s.Claim(ctx, rosa, "NOMBRE_VIEJO"); err != nil {
			t.Fatalf("the verifier claims her name: %v", err)
		}
	})
}

func sameJSON(a, b string) bool {
	if a == "" || b == "" {
		return a == b
	}
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return string(ja) == string(jb)
}

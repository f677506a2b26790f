package bot

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// drain waits until the role sync has applied everything queued before now.
func (r *rig) drain(b *Bot) {
	r.t.Helper()
	done := make(chan struct{})
	b.sync.queue <- func(context.Context) { close(done) }
	r.eventually("the role sync's queue drains", func() bool {
		select {
		case <-done:
			return true
		default:
			return false
		}
	})
}

// fullSync asks Discord for every member and waits until the answer is applied.
func (r *rig) fullSync(b *Bot) {
	r.t.Helper()
	if err := b.sync.requestAll(context.Background()); err != nil {
		r.t.Fatal(err)
	}
	r.eventually("the member list arrives", func() bool {
		b.sync.mu.Lock()
		defer b.sync.mu.Unlock()
		return len(b.sync.pending) == 0
	})
	r.drain(b)
}

func (r *rig) staffRecord(id string) staff.Record {
	r.t.Helper()
	var rec staff.Record
	if err := r.db.Conn(context.Background()).Where("member_id = ?", id).Take(&rec).Error; err != nil {
		r.t.Fatal(err)
	}
	return rec
}

func (r *rig) removalEvent(memberID string) outbox.Event {
	r.t.Helper()
	var ev outbox.Event
	if err := r.db.Conn(context.Background()).Where("kind = ? AND channel_id = ?", staff.KindRemoveRoles, "roles:"+memberID).
		Order("id DESC").Take(&ev).Error; err != nil {
		r.t.Fatal(err)
	}
	return ev
}

// A role removal Discord refuses leaves the member dismissed: a member update and a full
// sync that still carry the staff role give it back neither on the portal nor to the
// staff record. Once the removal goes through, the role added again is a re-hire.
func TestRefusedRoleRemovalKeepsTheDismissal(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		const modID, rhID = "561000000000000001", "561000000000000002"
		mod, dip, sen := testenv.Roles[authz.Moderador], testenv.Roles[authz.Diputado], testenv.Roles[authz.Senador]
		r.member(modID, "moderadora", authz.Moderador, authz.Diputado)
		r.member(rhID, "rh", authz.RH)
		b := r.newBot()
		r.start(b, true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf(modID)) == 2 })
		director, err := r.app.Members.MemberActor(ctx, rhID)
		if err != nil {
			t.Fatal(err)
		}

		// The bot's role is at the bottom: Discord refuses the removal (50013).
		placed := r.fake.BotRole().Position
		r.fake.SetBotRolePosition(1)
		if err := r.app.Staff.Dismiss(ctx, director, modID, "Inactividad"); err != nil {
			t.Fatal(err)
		}
		r.eventually("Discord refuses the removal", func() bool { return r.removalEvent(modID).Status == outbox.StatusBlocked })
		if ev := r.removalEvent(modID); !strings.Contains(ev.LastError, "50013") {
			t.Fatalf("blocked with %q", ev.LastError)
		}
		if m, _ := r.fake.Member(modID); !slices.Contains(m.Roles, mod) {
			t.Fatalf("the refused removal took the role in Discord: %v", m.Roles)
		}

		// A member update still carrying the role (and a new one, to see it applied).
		if err := r.fake.UpdateMemberRoles(modID, mod, dip, sen); err != nil {
			t.Fatal(err)
		}
		want := []string{dip, sen}
		slices.Sort(want)
		r.eventually("the member update is applied", func() bool { return slices.Equal(r.rolesOf(modID), want) })
		// The hourly full sync, with the role still in Discord.
		r.fullSync(b)
		if got := r.rolesOf(modID); !slices.Equal(got, want) {
			t.Fatalf("after the full sync the member holds %v", got)
		}
		if rec := r.staffRecord(modID); !rec.Inactive || rec.DismissReason != "Inactividad" {
			t.Fatalf("the dismissal undid itself: %+v", rec)
		}
		mods, err := r.app.Staff.Moderators(ctx, director)
		if err != nil || slices.ContainsFunc(mods, func(m staff.Moderator) bool { return m.UserID == modID }) {
			t.Fatalf("roster %+v %v", mods, err)
		}
		if pending, _ := r.app.Members.PendingRemovals(ctx, modID); !slices.Equal(pending, []string{mod}) {
			t.Fatalf("pending removals %v", pending)
		}

		// The bot's role is moved above the staff roles and an operator retries: the role
		// goes, and stops being pending.
		r.fake.SetBotRolePosition(placed)
		if _, err := r.app.Outbox.Retry(ctx, outbox.CommandLine, r.removalEvent(modID).ID, ""); err != nil {
			t.Fatal(err)
		}
		r.eventually("the retried removal is delivered", func() bool { return r.removalEvent(modID).Status == outbox.StatusDelivered })
		if m, _ := r.fake.Member(modID); slices.Contains(m.Roles, mod) {
			t.Fatalf("the role is still in Discord: %v", m.Roles)
		}
		if pending, _ := r.app.Members.PendingRemovals(ctx, modID); len(pending) != 0 {
			t.Fatalf("pending after the removal: %v", pending)
		}
		testenv.ExpectCount(t, "re-hires so far", testenv.Audits(t, d, "rehire", modID), 0)

		// A director gives the role back in Discord: a re-hire.
		if err := r.fake.UpdateMemberRoles(modID, mod, dip, sen); err != nil {
			t.Fatal(err)
		}
		r.eventually("the re-hire", func() bool { return !r.staffRecord(modID).Inactive })
		r.fullSync(b)
		rec := r.staffRecord(modID)
		if rec.DismissedAt != nil || rec.DismissedBy != "" || rec.DismissReason != "" {
			t.Fatalf("the re-hired record keeps its dismissal: %+v", rec)
		}
		testenv.ExpectCount(t, "re-hire audit entries", testenv.Audits(t, d, "rehire", modID), 1)
		mods, err = r.app.Staff.Moderators(ctx, director)
		if err != nil || !slices.ContainsFunc(mods, func(m staff.Moderator) bool { return m.UserID == modID && m.Inactividad == "No" }) {
			t.Fatalf("roster after the re-hire %+v %v", mods, err)
		}
	})
}

// Member events that arrive while a full member list is on its way win over the list:
// its snapshot of those members is older.
func TestMemberEventsDuringAFullSyncWin(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		const promotedID, leavingID, joinerID = "562000000000000001", "562000000000000002", "562000000000000003"
		r.member(promotedID, "ascendida", authz.Trial)
		r.member(leavingID, "saliente", authz.Diputado)
		b := r.newBot()
		r.start(b, true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf(leavingID)) == 1 })
		r.drain(b)
		s := b.currentSession()
		// The list as Discord builds it when asked: before the events below.
		stale, err := s.GuildMembers(testenv.GuildID, "", 1000)
		if err != nil {
			t.Fatal(err)
		}
		nonce := b.sync.expect(false, nil)

		// While the list is on its way: a promotion, a departure and a join.
		if err := r.fake.UpdateMemberRoles(promotedID, testenv.RoleIDs(authz.Moderador)...); err != nil {
			t.Fatal(err)
		}
		r.fake.RemoveMember(leavingID)
		r.fake.AddMember(discordgo.User{ID: joinerID, Username: "recien"}, testenv.RoleIDs(authz.Trial)...)
		r.eventually("the events are applied", func() bool {
			joiner, _ := r.app.Members.Get(ctx, joinerID)
			return joiner != nil && len(r.rolesOf(leavingID)) == 0 &&
				slices.Equal(r.rolesOf(promotedID), testenv.RoleIDs(authz.Moderador))
		})

		// The list arrives, in two chunks, and is applied.
		half := len(stale) / 2
		for i, part := range [][]*discordgo.Member{stale[:half], stale[half:]} {
			b.sync.onChunk(s, &discordgo.GuildMembersChunk{GuildID: testenv.GuildID, Members: part,
				ChunkIndex: i, ChunkCount: 2, Nonce: nonce})
		}
		r.drain(b)

		if got := r.rolesOf(promotedID); !slices.Equal(got, testenv.RoleIDs(authz.Moderador)) {
			t.Errorf("the promotion was overwritten by the list: %v", got)
		}
		if m, _ := r.app.Members.Get(ctx, leavingID); m == nil || m.InGuild || len(r.rolesOf(leavingID)) != 0 {
			t.Errorf("the member who left is back: %+v, %v", m, r.rolesOf(leavingID))
		}
		if m, _ := r.app.Members.Get(ctx, joinerID); m == nil || !m.InGuild {
			t.Errorf("the member who joined was taken for gone: %+v", m)
		}

		// The next full sync, asked after the events, agrees with them.
		r.fullSync(b)
		if got := r.rolesOf(promotedID); !slices.Equal(got, testenv.RoleIDs(authz.Moderador)) {
			t.Errorf("after the next sync: %v", got)
		}
	})
}

// GUILD_ROLE_DELETE takes the role's rights away at once, without a REST read: from the
// guild's roles, from its members and from the permission matrix.
func TestRoleDeleteRemovesItsRightsAtOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		const roleID, holderID = "563000000000000099", "563000000000000001"
		r.fake.AddRole(roleID, "Supervisores")
		r.member(holderID, "supervisora", authz.Diputado)
		if err := r.fake.SetRoles(holderID, append(testenv.RoleIDs(authz.Diputado), roleID)...); err != nil {
			t.Fatal(err)
		}
		if err := r.app.Members.SetRoleFlags(ctx, roleID, authz.PanelStaff, authz.Flags{Read: true, Modify: true}, "comite"); err != nil {
			t.Fatal(err)
		}
		b := r.newBot()
		r.start(b, true)
		r.eventually("the role is recorded", func() bool {
			return len(r.rolesOf(holderID)) == 2 && testenv.CountRows(t, d, "guild_roles", "discord_id = ?", roleID) == 1
		})
		if actor, _ := r.app.Members.MemberActor(ctx, holderID); !actor.Can(authz.PanelStaff, authz.Modify) {
			t.Fatalf("the role gives no rights before its deletion: %+v", actor.Panels)
		}

		// Discord answers no REST call: the event alone must do.
		r.fake.StartOutage(http.StatusInternalServerError)
		r.fake.Dispatch("GUILD_ROLE_DELETE", discordgo.GuildRoleDelete{RoleID: roleID, GuildID: testenv.GuildID})
		r.eventually("the role leaves its member", func() bool { return len(r.rolesOf(holderID)) == 1 })
		r.drain(b)
		r.fake.EndOutage()

		testenv.ExpectCount(t, "the role among the guild's", testenv.CountRows(t, d, "guild_roles", "discord_id = ?", roleID), 0)
		testenv.ExpectCount(t, "its rights", testenv.CountRows(t, d, "panel_permissions", "role_id = ?", roleID), 0)
		testenv.ExpectCount(t, "audit of the deletion", testenv.Audits(t, d, "role.delete", roleID), 1)
		actor, err := r.app.Members.MemberActor(ctx, holderID)
		if err != nil || actor.Can(authz.PanelStaff, authz.Read) || !slices.Equal(actor.RoleIDs, testenv.RoleIDs(authz.Diputado)) {
			t.Fatalf("after the deletion: %+v %v", actor, err)
		}
	})
}

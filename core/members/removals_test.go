package members_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func sorted(ids ...string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

// orderRemoval takes roles off a member as a dismissal does: off the table at once, and
// pending removal until Discord confirms.
func orderRemoval(t *testing.T, d *db.DB, s *members.Service, memberID string, roleIDs ...string) *outbox.Event {
	t.Helper()
	var ev *outbox.Event
	err := d.InTx(context.Background(), func(ctx context.Context) error {
		held, err := s.DropRoles(ctx, memberID, roleIDs)
		if err != nil {
			return err
		}
		ev, err = outbox.NewStore(d, time.Now).Enqueue(ctx, "member.roles.remove", "roles:"+memberID, held)
		if err != nil {
			return err
		}
		return s.MarkRemovalPending(ctx, memberID, held, ev.ID)
	})
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func setEventStatus(t *testing.T, d *db.DB, id uint64, status string) {
	t.Helper()
	if err := d.Conn(context.Background()).Model(&outbox.Event{}).Where("id = ?", id).Update("status", status).Error; err != nil {
		t.Fatal(err)
	}
}

// A role pending removal stays off the member whatever Discord reports, by a member
// event or by the full sync, until Discord confirms the removal; a removal an operator
// discarded holds nothing back.
func TestPendingRemovalHoldsTheRoleBack(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newService(d)
		mod, dip := testenv.Roles[authz.Moderador], testenv.Roles[authz.Diputado]
		snap := members.Snapshot{DiscordID: "510000000000000001", Username: "moderadora", InGuild: true,
			RoleIDs: []string{mod, dip}}
		if _, err := s.Upsert(ctx, snap); err != nil {
			t.Fatal(err)
		}
		ev := orderRemoval(t, d, s, snap.DiscordID, mod)
		if got, _ := s.RoleIDs(ctx, snap.DiscordID); !slices.Equal(got, []string{dip}) {
			t.Fatalf("after the order: %v", got)
		}
		if got, _ := s.PendingRemovals(ctx, snap.DiscordID); !slices.Equal(got, []string{mod}) {
			t.Fatalf("pending: %v", got)
		}

		// Discord still lists the role: a member event, then the full sync.
		if c, err := s.Upsert(ctx, snap); err != nil || c.Changed() {
			t.Fatalf("member event: %+v %v", c, err)
		}
		if res, err := s.Reconcile(ctx, []members.Snapshot{snap}, nil); err != nil || len(res.Changes) != 0 {
			t.Fatalf("full sync: %+v %v", res, err)
		}
		if got, _ := s.RoleIDs(ctx, snap.DiscordID); !slices.Equal(got, []string{dip}) {
			t.Fatalf("after the syncs: %v", got)
		}
		actor, err := s.MemberActor(ctx, snap.DiscordID)
		if err != nil || actor.HasRole(authz.Moderador) || actor.InGroup(authz.Staff) {
			t.Fatalf("actor %+v %v", actor, err)
		}

		// Refused (blocked) or failed for now, the removal still holds.
		for _, status := range []string{outbox.StatusBlocked, outbox.StatusFailed} {
			setEventStatus(t, d, ev.ID, status)
			if c, err := s.Upsert(ctx, snap); err != nil || c.Changed() {
				t.Fatalf("%s: %+v %v", status, c, err)
			}
		}

		// Discarded by an operator: Discord's word counts again.
		setEventStatus(t, d, ev.ID, outbox.StatusDiscarded)
		if c, err := s.Upsert(ctx, snap); err != nil || !slices.Equal(c.After, sorted(mod, dip)) {
			t.Fatalf("after the discard: %+v %v", c, err)
		}

		// Ordered again, then confirmed by Discord: the role may be given again.
		orderRemoval(t, d, s, snap.DiscordID, mod)
		if err := s.ConfirmRemoval(ctx, snap.DiscordID, []string{mod}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.PendingRemovals(ctx, snap.DiscordID); len(got) != 0 {
			t.Fatalf("pending after the confirmation: %v", got)
		}
		if c, err := s.Upsert(ctx, snap); err != nil || !slices.Equal(c.After, sorted(mod, dip)) {
			t.Fatalf("after the confirmation: %+v %v", c, err)
		}
	})
}

// A deleted role loses its rights at once: it leaves the guild's roles, its members and
// the permission matrix in one go, each member's change audited once however many times
// the deletion arrives.
func TestDeleteGuildRole(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newService(d)
		const custom = "520000000000000099"
		dip := testenv.Roles[authz.Diputado]
		if err := s.SyncGuildRoles(ctx, []members.GuildRole{{DiscordID: custom, Name: "Supervisores"},
			{DiscordID: dip, Name: "Diputado"}}); err != nil {
			t.Fatal(err)
		}
		if err := s.SetRoleFlags(ctx, custom, authz.PanelStaff, authz.Flags{Read: true, Modify: true}, "comite"); err != nil {
			t.Fatal(err)
		}
		holders := []members.Snapshot{
			{DiscordID: "520000000000000001", Username: "a", InGuild: true, RoleIDs: []string{custom}},
			{DiscordID: "520000000000000002", Username: "b", InGuild: true, RoleIDs: []string{custom, dip}},
			{DiscordID: "520000000000000003", Username: "c", InGuild: true, RoleIDs: []string{dip}},
		}
		if _, err := s.Reconcile(ctx, holders, nil); err != nil {
			t.Fatal(err)
		}
		if actor, _ := s.MemberActor(ctx, holders[0].DiscordID); !actor.Can(authz.PanelStaff, authz.Modify) {
			t.Fatalf("before the deletion the role gives no rights: %+v", actor.Panels)
		}
		orderRemoval(t, d, s, holders[1].DiscordID, custom)
		before := map[string]int64{}
		for _, h := range holders {
			before[h.DiscordID] = testenv.Audits(t, d, "member.roles", h.DiscordID)
		}
		version := s.Version()

		testenv.Together(d, 20, func(int) {
			if err := s.DeleteGuildRole(ctx, custom); err != nil {
				t.Error(err)
			}
		})

		if s.Version() == version {
			t.Error("the deletion did not mark the rights as changed")
		}
		testenv.ExpectCount(t, "members holding the role", testenv.CountRows(t, d, "member_roles", "role_id = ?", custom), 0)
		testenv.ExpectCount(t, "the role among the guild's", testenv.CountRows(t, d, "guild_roles", "discord_id = ?", custom), 0)
		testenv.ExpectCount(t, "the role's rights", testenv.CountRows(t, d, "panel_permissions", "role_id = ?", custom), 0)
		testenv.ExpectCount(t, "its pending removals", testenv.CountRows(t, d, "member_role_removals", "role_id = ?", custom), 0)
		testenv.ExpectCount(t, "other roles", testenv.CountRows(t, d, "guild_roles", "discord_id = ?", dip), 1)
		testenv.ExpectCount(t, "audit of the deletion", testenv.Audits(t, d, "role.delete", custom), 1)
		testenv.ExpectCount(t, "audit of the first holder", testenv.Audits(t, d, "member.roles", holders[0].DiscordID)-before[holders[0].DiscordID], 1)
		// The second holder's role was already off the table, pending removal.
		testenv.ExpectCount(t, "audit of the second holder", testenv.Audits(t, d, "member.roles", holders[1].DiscordID)-before[holders[1].DiscordID], 0)
		testenv.ExpectCount(t, "audit of a member without it", testenv.Audits(t, d, "member.roles", holders[2].DiscordID)-before[holders[2].DiscordID], 0)
		actor, err := s.MemberActor(ctx, holders[0].DiscordID)
		if err != nil || actor.Can(authz.PanelStaff, authz.Read) || len(actor.RoleIDs) != 0 {
			t.Fatalf("after the deletion: %+v %v", actor, err)
		}
		if got, _ := s.RoleIDs(ctx, holders[1].DiscordID); !slices.Equal(got, []string{dip}) {
			t.Fatalf("second holder keeps %v", got)
		}
	})
}

// A full member list skips the members whose events came after it was asked for: their
// snapshot in it is older, and missing from it they have not left.
func TestReconcileLeavesNewerMembersAlone(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newService(d)
		mod, trial := testenv.Roles[authz.Moderador], testenv.Roles[authz.Trial]
		promoted := members.Snapshot{DiscordID: "530000000000000001", Username: "ascendida", InGuild: true, RoleIDs: []string{mod}}
		joined := members.Snapshot{DiscordID: "530000000000000002", Username: "recien", InGuild: true, RoleIDs: []string{trial}}
		still := members.Snapshot{DiscordID: "530000000000000003", Username: "quieto", InGuild: true, RoleIDs: []string{trial}}
		for _, snap := range []members.Snapshot{promoted, joined, still} {
			if _, err := s.Upsert(ctx, snap); err != nil {
				t.Fatal(err)
			}
		}
		// The list was taken before the promotion and before the join.
		old := slices.Clone(promoted.RoleIDs)
		old[0] = trial
		list := []members.Snapshot{{DiscordID: promoted.DiscordID, Username: "ascendida", InGuild: true, RoleIDs: old},
			{DiscordID: still.DiscordID, Username: "quieto", InGuild: true}}
		res, err := s.Reconcile(ctx, list, map[string]bool{promoted.DiscordID: true, joined.DiscordID: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Left != 0 || len(res.Changes) != 1 || res.Changes[0].DiscordID != still.DiscordID {
			t.Fatalf("result %+v", res)
		}
		if got, _ := s.RoleIDs(ctx, promoted.DiscordID); !slices.Equal(got, []string{mod}) {
			t.Fatalf("the promotion was overwritten: %v", got)
		}
		if m, _ := s.Get(ctx, joined.DiscordID); m == nil || !m.InGuild {
			t.Fatalf("the new member was taken for gone: %+v", m)
		}
	})
}

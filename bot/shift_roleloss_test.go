package bot

import (
	"context"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// A member whose staff role is taken away in Discord, or who leaves the guild, is off
// shift at that moment; Discord repeating the event changes nothing more.
func TestLosingTheStaffRoleInDiscordEndsTheShift(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		const demotedID, leavingID = "563000000000000001", "563000000000000002"
		r.member(demotedID, "degradado", authz.Moderador)
		r.member(leavingID, "saliente", authz.SoporteTecnico)
		b := r.newBot()
		r.start(b, true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf(demotedID)) == 1 && len(r.rolesOf(leavingID)) == 1 })
		r.drain(b)
		for _, who := range []struct {
			id   string
			role authz.Role
		}{{demotedID, authz.Moderador}, {leavingID, authz.SoporteTecnico}} {
			if _, err := r.app.Shifts.ClockIn(ctx, &authz.Actor{DiscordID: who.id, Roles: authz.RoleSet{who.role: true}}, "Principal"); err != nil {
				t.Fatal(err)
			}
		}
		onShift := func(id string) bool {
			sh, err := r.app.Shifts.Open(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return sh != nil
		}

		if err := r.fake.UpdateMemberRoles(demotedID); err != nil {
			t.Fatal(err)
		}
		r.fake.RemoveMember(leavingID)
		r.eventually("both shifts close", func() bool { return !onShift(demotedID) && !onShift(leavingID) })

		// The same update again, as Discord may send it.
		m := discordgo.Member{GuildID: testenv.GuildID, User: &discordgo.User{ID: demotedID, Username: "degradado"}, Roles: []string{}}
		r.fake.Dispatch("GUILD_MEMBER_UPDATE", m)
		r.drain(b)

		for _, id := range []string{demotedID, leavingID} {
			var entries []audit.Entry
			if err := d.Conn(ctx).Where("action = ? AND entity_id = ?", staff.ActionShiftEndRoleRemoved, id).Find(&entries).Error; err != nil {
				t.Fatal(err)
			}
			if len(entries) != 1 || entries[0].ActorName != "sincronización de roles" {
				t.Errorf("%s: audit entries %+v", id, entries)
			}
			var closed int64
			d.Conn(ctx).Model(&staff.Shift{}).Where("member_id = ? AND ended_at IS NOT NULL", id).Count(&closed)
			if closed != 1 {
				t.Errorf("%s: %d closed shifts", id, closed)
			}
		}
	})
}

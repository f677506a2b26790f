package members_test

import (
	"context"
	"slices"
	"testing"

	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/internal/testdb"
)

// A search by name finds members in the guild by their username or display name, in any
// case, those whose name starts with it first; digits find a Discord id by its start; a
// % or _ typed is a letter, not a wildcard.
func TestFindMembersByNameOrID(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		m := newService(d)
		for _, s := range []members.Snapshot{
			{DiscordID: "1400000000000000101", Username: "halcon_mx", GlobalName: "Halcón", InGuild: true},
			{DiscordID: "1400000000000000102", Username: "ajolote_rp", GlobalName: "Ajolote", InGuild: true},
			{DiscordID: "1400000000000000103", Username: "el_halconero", GlobalName: "", InGuild: true},
			{DiscordID: "1400000000000000104", Username: "halcon_viejo", GlobalName: "", InGuild: false},
			{DiscordID: "1500000000000000105", Username: "cien%real", GlobalName: "", InGuild: true},
		} {
			if _, err := m.Upsert(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		names := func(term string, limit int) []string {
			t.Helper()
			rows, err := members.Find(ctx, d, term, limit)
			if err != nil {
				t.Fatal(err)
			}
			out := []string{}
			for _, r := range rows {
				out = append(out, r.Username)
			}
			return out
		}
		for _, c := range []struct {
			term  string
			limit int
			want  []string
		}{
			{"HALC", 10, []string{"halcon_mx", "el_halconero"}},
			{"ajolote", 10, []string{"ajolote_rp"}},
			{"140000000000000010", 10, []string{"ajolote_rp", "el_halconero", "halcon_mx"}},
			{"1500000000000000105", 10, []string{"cien%real"}},
			{"%", 10, []string{"cien%real"}},
			{"_", 10, []string{"ajolote_rp", "el_halconero", "halcon_mx"}},
			{"halc", 1, []string{"halcon_mx"}},
			{"nadie", 10, []string{}},
			{"  ", 10, []string{}},
		} {
			if got := names(c.term, c.limit); !slices.Equal(got, c.want) {
				t.Errorf("Find(%q, %d) = %v, want %v", c.term, c.limit, got, c.want)
			}
		}
	})
}

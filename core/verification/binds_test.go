package verification_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/core/privacy"
	"zocalo/core/roblox"
	"zocalo/core/verification"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

const (
	groupMember = "1300000000000000221"
	groupStaff  = "1300000000000000222"
)

var binds = []verification.Bind{
	{GroupID: "35000001", MinRank: 1, MaxRank: 255, RoleID: groupMember},
	{GroupID: "35000001", MinRank: 200, MaxRank: 255, RoleID: groupStaff},
}

// fakeRanks answers ranks by Roblox user id and counts the reads.
type fakeRanks struct {
	mu    sync.Mutex
	ranks map[string]map[string]int
	reads int
	fail  bool
}

func (f *fakeRanks) GroupRanks(_ context.Context, userID string) (map[string]int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	if f.fail {
		return nil, errors.New("roblox is down")
	}
	return f.ranks[userID], nil
}

func (f *fakeRanks) set(userID string, rank int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ranks[userID] = map[string]int{"35000001": rank, "99": 255}
}

func TestBindRoles(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		ranks map[string]int
		want  string
	}{
		{"not in the group", map[string]int{"99": 255}, ""},
		{"a member", map[string]int{"35000001": 1}, groupMember},
		{"staff earn both", map[string]int{"35000001": 200}, groupMember + "," + groupStaff},
		{"guest rank 0", map[string]int{"35000001": 0}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := strings.Join(verification.BindRoles(binds, c.ranks), ","); got != c.want {
				t.Fatalf("BindRoles = %q, want %q", got, c.want)
			}
		})
	}
}

// The refresh gives and takes the bound roles as ranks change; twenty runs at once queue
// one delivery; a member's ranks are read once a day.
// linkedWithBinds is verification with the binds over fake ranks, pepe linked as jugador.
func linkedWithBinds(t *testing.T, d *db.DB) (*fakeRanks, *testenv.Clock, *roblox.Service, *verification.Service) {
	t.Helper()
	ranks := &fakeRanks{ranks: map[string]map[string]int{}}
	clock := testenv.NewClock(now())
	links := roblox.NewService(d, nil, clock.Now)
	v := verification.NewService(d, outbox.NewStore(d, clock.Now), verification.Settings{VerifiedRoleID: verified,
		Binds: binds, Ranks: ranks, Now: clock.Now})
	v.Follow(links)
	if _, err := links.Link(context.Background(), pepe, jugador); err != nil {
		t.Fatal(err)
	}
	return ranks, clock, links, v
}

func TestRefreshBinds(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		ranks, clock, links, v := linkedWithBinds(t, d)
		ranks.set(jugador.UserID, 200)
		testenv.Together(d, 20, func(int) {
			if _, err := v.RefreshBinds(ctx, 60); err != nil {
				t.Error(err)
			}
		})
		got := deliveries(t, d, pepe)
		if len(got) != 2 {
			t.Fatalf("%d deliveries, want the link's and one for the binds: %+v", len(got), got)
		}
		if p := got[1]; p.Reason != verification.ReasonBinds || strings.Join(p.AddRoleIDs, ",") != verified+","+groupMember+","+groupStaff || len(p.RemoveRoleIDs) != 0 {
			t.Fatalf("binds delivery %+v", p)
		}
		// Read today: not read again until a day has passed.
		reads := ranks.reads
		if _, err := v.RefreshBinds(ctx, 60); err != nil {
			t.Fatal(err)
		}
		testenv.ExpectCount(t, "reads within the day", int64(ranks.reads), int64(reads))

		// Demoted on Roblox: the staff role goes, the next day.
		ranks.set(jugador.UserID, 5)
		clock.Advance(25 * 60 * 60 * 1e9)
		if n, err := v.RefreshBinds(ctx, 60); err != nil || n != 1 {
			t.Fatalf("refresh: %d, %v", n, err)
		}
		got = deliveries(t, d, pepe)
		if p := got[len(got)-1]; strings.Join(p.RemoveRoleIDs, ",") != groupStaff || strings.Join(p.AddRoleIDs, ",") != verified+","+groupMember {
			t.Fatalf("after the demotion %+v", p)
		}
		// Roblox failing leaves the member due, and says so.
		ranks.fail = true
		clock.Advance(25 * 60 * 60 * 1e9)
		if _, err := v.RefreshBinds(ctx, 60); err == nil {
			t.Fatal("a failed read was not reported")
		}
		ranks.fail = false
		if _, err := v.RefreshBinds(ctx, 60); err != nil {
			t.Fatal(err)
		}
		// The unlink takes every role given, the bound ones too.
		if _, err := links.Unlink(ctx, actorOf(pepe)); err != nil {
			t.Fatal(err)
		}
		got = deliveries(t, d, pepe)
		if p := got[len(got)-1]; p.Reason != verification.ReasonUnlink || strings.Join(p.RemoveRoleIDs, ",") != verified+","+groupMember {
			t.Fatalf("unlink %+v", p)
		}
	})
}

// A member who opposed roles from their Roblox rank loses the bound ones at the next read,
// which ReadRanksSoon brings forward to the next minute; the verified role stays.
func TestOppositionToRankRolesTakesThemAway(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		ranks, clock, _, v := linkedWithBinds(t, d)
		ranks.set(jugador.UserID, 200)
		if _, err := v.RefreshBinds(ctx, 60); err != nil {
			t.Fatal(err)
		}
		if _, _, err := privacy.Apply(ctx, d, pepe, privacy.Change{Oppose: []privacy.Use{privacy.UseRankRoles}}, clock.Now()); err != nil {
			t.Fatal(err)
		}
		if err := v.ReadRanksSoon(ctx, pepe); err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Minute)
		if n, err := v.RefreshBinds(ctx, 60); err != nil || n != 1 {
			t.Fatalf("refresh after the opposition: %d, %v", n, err)
		}
		got := deliveries(t, d, pepe)
		if p := got[len(got)-1]; strings.Join(p.RemoveRoleIDs, ",") != groupMember+","+groupStaff || strings.Join(p.AddRoleIDs, ",") != verified {
			t.Fatalf("after the opposition %+v", p)
		}
	})
}

package robloxgroups_test

import (
	"context"
	"net/http/httptest"
	"testing"

	"zocalo/internal/discordfake"
	"zocalo/internal/robloxgroups"
)

// The client reads the fake Roblox's groups API, which answers in groups.roblox.com's shape.
func TestGroupRanksFromTheFakeRoblox(t *testing.T) {
	t.Parallel()
	f := discordfake.New(discordfake.Options{GuildID: "900000000000000001"})
	srv := httptest.NewServer(f.Handler())
	defer srv.Close()
	f.AddRobloxAccount(discordfake.RobloxAccount{UserID: "5100000001", Username: "JugadorMX"})
	f.SetRobloxGroupRank("5100000001", discordfake.RobloxGroupRank{GroupID: 35000001, GroupName: "Zócalo RP", RoleName: "Moderación", Rank: 200})
	f.SetRobloxGroupRank("5100000001", discordfake.RobloxGroupRank{GroupID: 42, GroupName: "Otro", RoleName: "Miembro", Rank: 1})
	c := robloxgroups.New(srv.URL+"/roblox/groups/", nil)

	ranks, err := c.GroupRanks(context.Background(), "5100000001")
	if err != nil {
		t.Fatal(err)
	}
	if len(ranks) != 2 || ranks["35000001"] != 200 || ranks["42"] != 1 {
		t.Fatalf("ranks %v", ranks)
	}
	// Taken out of a group, it is gone from the answer.
	f.SetRobloxGroupRank("5100000001", discordfake.RobloxGroupRank{GroupID: 42})
	if ranks, err = c.GroupRanks(context.Background(), "5100000001"); err != nil || len(ranks) != 1 {
		t.Fatalf("ranks %v, %v", ranks, err)
	}
	if _, err := c.GroupRanks(context.Background(), "999"); err == nil {
		t.Fatal("an unknown user was not an error")
	}
}

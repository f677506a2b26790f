package config

import (
	"slices"
	"testing"
)

// Every role and channel id that is set is listed with the keys that set it, so a
// report names what to change; unset ones are not listed.
func TestDiscordIDsNameTheirKeys(t *testing.T) {
	t.Parallel()
	env := production()
	env["ZOCALO_ROLE_COMITE"] = "100"
	env["ZOCALO_ROLE_SCJN_ADMIN"] = "100"
	env["ZOCALO_ROLE_AUDITOR"] = "101"
	env["ZOCALO_CHANNEL_NEWS"] = "200"
	env["ZOCALO_CHANNEL_STAFF_TICKETS"] = "201"
	env["ZOCALO_VERIFY_VERIFIED_ROLE_ID"] = "123456789012345678"
	c, err := Load("", envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	want := []DiscordID{
		{Kind: "role", Key: "roles.AUDITOR", Env: "ZOCALO_ROLE_AUDITOR", ID: "101"},
		{Kind: "role", Key: "roles.COMITE", Env: "ZOCALO_ROLE_COMITE", ID: "100"},
		{Kind: "role", Key: "roles.SCJN_ADMIN", Env: "ZOCALO_ROLE_SCJN_ADMIN", ID: "100"},
		{Kind: "role", Key: "verify.verifiedRoleID", Env: "ZOCALO_VERIFY_VERIFIED_ROLE_ID", ID: "123456789012345678"},
		{Kind: "channel", Key: "channels.news", Env: "ZOCALO_CHANNEL_NEWS", ID: "200"},
		{Kind: "channel", Key: "channels.staffTickets", Env: "ZOCALO_CHANNEL_STAFF_TICKETS", ID: "201"},
	}
	if got := c.DiscordIDs(); !slices.Equal(got, want) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
}

package bot

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestRedirectTransport(t *testing.T) {
	t.Parallel()
	if rt, err := RedirectTransport("https://discord.com/api/v10", "https://cdn.discordapp.com"); err != nil || rt != nil {
		t.Fatalf("Discord's own addresses: %v, %v", rt, err)
	}
	for _, bad := range []string{"discord.com/api/v10", "https://discord.com/", "ftp://x/api"} {
		if _, err := RedirectTransport(bad, "https://cdn.discordapp.com"); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, r.Method+" "+r.URL.RequestURI())
	}))
	defer srv.Close()
	rt, err := RedirectTransport(srv.URL+"/discord/api/v10", srv.URL+"/cdn/")
	if err != nil || rt == nil {
		t.Fatalf("%v, %v", rt, err)
	}
	client := &http.Client{Transport: rt}
	for in, want := range map[string]string{
		// The version discordgo asks for is kept; only what comes before /api changes.
		"https://discord.com/api/v9/channels/1/messages?limit=5":                      "GET /discord/api/v9/channels/1/messages?limit=5",
		"https://discord.com/api/v9/channels/1/messages/2/reactions/%F0%9F%91%8D/@me": "GET /discord/api/v9/channels/1/messages/2/reactions/%F0%9F%91%8D/@me",
		"https://cdn.discordapp.com/attachments/1/2/a.png":                            "GET /cdn/attachments/1/2/a.png",
	} {
		res, err := client.Get(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(body) != want {
			t.Errorf("%s reached %q, want %q", in, body, want)
		}
		if res.Request.URL.String() != in {
			t.Errorf("the answer names %s, not the request made", res.Request.URL)
		}
	}
}

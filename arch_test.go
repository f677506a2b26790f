package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The shape of the house: core knows no transport, and the web API and the bot meet only
// in core.
func TestLayering(t *testing.T) {
	cases := []struct {
		pkgs      string
		forbidden []string
	}{
		{"./core/...", []string{"github.com/gin-gonic/gin", "github.com/bwmarrin/discordgo", "zocalo/webapi", "zocalo/bot"}},
		{"./webapi/...", []string{"zocalo/bot"}},
		{"./bot/...", []string{"zocalo/webapi", "github.com/gin-gonic/gin"}},
	}
	for _, c := range cases {
		out, err := exec.Command("go", "list", "-deps", "-test=false", c.pkgs).CombinedOutput()
		if err != nil {
			if strings.Contains(string(out), "matched no packages") {
				continue
			}
			t.Fatalf("go list %s: %v\n%s", c.pkgs, err, out)
		}
		deps := strings.Fields(string(out))
		for _, f := range c.forbidden {
			for _, d := range deps {
				if d == f || strings.HasPrefix(d, f+"/") {
					t.Errorf("%s depends on %s", c.pkgs, d)
				}
			}
		}
	}
}

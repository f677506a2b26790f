// Package robloxgroups reads a Roblox account's group ranks from Roblox's groups API
// (GET {base}/v2/users/{userId}/groups/roles), for the role binds of verification.
package robloxgroups

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// Client reads ranks.
type Client struct {
	base string
	http *http.Client
}

// New builds a client of the API at base (https://groups.roblox.com in production).
func New(base string, c *http.Client) *Client {
	if c == nil {
		c = http.DefaultClient
	}
	return &Client{base: strings.TrimRight(base, "/"), http: c}
}

// answer is the shape of the groups API's answer, the parts read.
type answer struct {
	Data []struct {
		Group struct {
			ID int64 `json:"id"`
		} `json:"group"`
		Role struct {
			Rank int `json:"rank"`
		} `json:"role"`
	} `json:"data"`
}

// GroupRanks is the account's rank in each of its groups, by group id.
func (c *Client) GroupRanks(ctx context.Context, robloxUserID string) (map[string]int, error) {
	u := c.base + "/v2/users/" + url.PathEscape(robloxUserID) + "/groups/roles"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("roblox groups API: HTTP %d for user %s", res.StatusCode, robloxUserID)
	}
	var a answer
	if err := json.Unmarshal(body, &a); err != nil {
		return nil, fmt.Errorf("roblox groups API: %w", err)
	}
	out := make(map[string]int, len(a.Data))
	for _, d := range a.Data {
		out[strconv.FormatInt(d.Group.ID, 10)] = d.Role.Rank
	}
	return out, nil
}

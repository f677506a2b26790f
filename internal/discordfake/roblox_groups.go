package discordfake

import (
	"net/http"
	"slices"
	"strconv"
)

// RobloxGroupRank is an account's role in a Roblox group.
type RobloxGroupRank struct {
	GroupID   int64
	GroupName string
	RoleName  string
	Rank      int // 0 (guest) to 255 (owner)
}

// SetRobloxGroupRank puts an account in a group at a rank, or moves it; rank 0 takes it out.
func (f *Fake) SetRobloxGroupRank(userID string, g RobloxGroupRank) {
	f.roblox.mu.Lock()
	defer f.roblox.mu.Unlock()
	ranks := slices.DeleteFunc(slices.Clone(f.roblox.groups[userID]), func(x RobloxGroupRank) bool { return x.GroupID == g.GroupID })
	if g.Rank > 0 {
		ranks = append(ranks, g)
	}
	f.roblox.groups[userID] = ranks
}

// robloxGroupRoles is groups.roblox.com's GET /v2/users/{userId}/groups/roles: every group
// the account is in, with its role there. An unknown user is 400 like Roblox's.
func (f *Fake) robloxGroupRoles(w http.ResponseWriter, r *http.Request) {
	userID := r.PathValue("user")
	f.roblox.mu.Lock()
	known := slices.ContainsFunc(f.roblox.accounts, func(a RobloxAccount) bool { return a.UserID == userID })
	ranks := slices.Clone(f.roblox.groups[userID])
	f.roblox.mu.Unlock()
	if !known {
		writeJSON(w, http.StatusBadRequest, map[string]any{"errors": []map[string]any{{"code": 3, "message": "The user is invalid or does not exist."}}})
		return
	}
	type group struct {
		ID          int64  `json:"id"`
		Name        string `json:"name"`
		MemberCount int    `json:"memberCount"`
		HasVerified bool   `json:"hasVerifiedBadge"`
	}
	type role struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
		Rank int    `json:"rank"`
	}
	type entry struct {
		Group group `json:"group"`
		Role  role  `json:"role"`
	}
	data := []entry{}
	for _, g := range ranks {
		roleID, _ := strconv.ParseInt(strconv.FormatInt(g.GroupID, 10)+strconv.Itoa(g.Rank), 10, 64)
		data = append(data, entry{Group: group{ID: g.GroupID, Name: g.GroupName, MemberCount: 1}, Role: role{ID: roleID, Name: g.RoleName, Rank: g.Rank}})
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": data})
}

package config

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

var (
	snowflakePattern   = regexp.MustCompile(`^[0-9]{17,20}$`)
	robloxIDPattern    = regexp.MustCompile(`^[0-9]{1,19}$`)
	placeholderPattern = regexp.MustCompile(`\{[^{}]*\}`)
)

// validate checks the verification settings; the error names the key.
func (v *Verify) validate() error {
	if v.VerifiedRoleID != "" && !snowflakePattern.MatchString(v.VerifiedRoleID) {
		return keyErr("verify.verifiedRoleID", "VERIFY_VERIFIED_ROLE_ID", fmt.Sprintf("%q is not a Discord role id (17 to 20 digits)", v.VerifiedRoleID))
	}
	for _, p := range placeholderPattern.FindAllString(v.NicknameTemplate, -1) {
		if p != "{roblox}" && p != "{display}" {
			return keyErr("verify.nicknameTemplate", "VERIFY_NICKNAME_TEMPLATE", fmt.Sprintf("%s is not a placeholder: use {roblox} or {display}", p))
		}
	}
	if v.NicknameTemplate != "" && strings.TrimSpace(placeholderPattern.ReplaceAllString(v.NicknameTemplate, "")) == v.NicknameTemplate {
		return keyErr("verify.nicknameTemplate", "VERIFY_NICKNAME_TEMPLATE", "must contain {roblox} or {display}, or be empty to leave nicknames alone")
	}
	if v.RequestsPerMinute < 1 {
		return keyErr("verify.requestsPerMinute", "VERIFY_REQUESTS_PER_MINUTE", "must be at least 1")
	}
	if len(v.Binds) == 0 {
		return nil
	}
	if u, err := url.Parse(v.RobloxAPIBaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return keyErr("verify.robloxAPIBaseURL", "VERIFY_ROBLOX_API_BASE_URL", fmt.Sprintf("%q is not an http(s) URL such as https://groups.roblox.com", v.RobloxAPIBaseURL))
	}
	for i, b := range v.Binds {
		key := fmt.Sprintf("verify.binds[%d]", i)
		switch {
		case !robloxIDPattern.MatchString(b.GroupID):
			return keyErr(key+".groupID", "", fmt.Sprintf("%q is not a Roblox group id (digits)", b.GroupID))
		case !snowflakePattern.MatchString(b.RoleID):
			return keyErr(key+".roleID", "", fmt.Sprintf("%q is not a Discord role id (17 to 20 digits)", b.RoleID))
		case b.MinRank < 1 || b.MinRank > 255:
			return keyErr(key+".minRank", "", fmt.Sprintf("%d is not a rank: ranks go from 1 to 255", b.MinRank))
		case b.MaxRank < b.MinRank || b.MaxRank > 255:
			return keyErr(key+".maxRank", "", fmt.Sprintf("%d must be from minRank (%d) to 255", b.MaxRank, b.MinRank))
		}
	}
	return nil
}

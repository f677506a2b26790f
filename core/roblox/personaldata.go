package roblox

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "roblox_links", Title: "Tu cuenta de Roblox vinculada", About: append(personaldata.ByDiscordID("discord_id"), []personaldata.Column{{Name: "roblox_user_id", Holds: personaldata.RobloxUserID}}...), Erase: map[string]personaldata.Erase{"discord_id": {Delete: true}, "roblox_user_id": {Delete: true}}},
			{Table: "roblox_attempts", Title: "Verificaciones de Roblox en curso", About: personaldata.ByDiscordID("discord_id"), Withheld: []string{"state", "verifier"}, Erase: map[string]personaldata.Erase{"discord_id": {Delete: true}}},
			{Table: "roblox_name_holds", Title: "Tu nombre de Roblox reservado", About: append(personaldata.ByDiscordID("discord_id"), []personaldata.Column{{Name: "roblox_user_id", Holds: personaldata.RobloxUserID}}...), Erase: map[string]personaldata.Erase{"discord_id": {Delete: true}, "roblox_user_id": {Delete: true}}},
		},
	}
}

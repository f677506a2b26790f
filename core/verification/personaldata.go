package verification

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "discord_identities", Title: "Tus roles y apodo de Discord según tu cuenta de Roblox", About: append(personaldata.ByDiscordID("discord_id"), []personaldata.Column{{Name: "roblox_user_id", Holds: personaldata.RobloxUserID}}...), Erase: map[string]personaldata.Erase{"discord_id": {Delete: true}, "roblox_user_id": {Delete: true}}},
		},
	}
}

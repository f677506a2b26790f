package privacy

import "zocalo/core/personaldata"

// PersonalData declares what this package's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "privacy_choices", Title: "Tus decisiones sobre tus datos (usos a los que te opusiste, minoría de edad)",
				About: personaldata.ByDiscordID("discord_id"), Erase: map[string]personaldata.Erase{"discord_id": {Delete: true}}},
			{Table: "privacy_blocks", Title: "Bloqueo de tus datos por una cancelación",
				About: append(personaldata.ByDiscordID("discord_id"), personaldata.Column{Name: "roblox_user_id", Holds: personaldata.RobloxUserID}),
				Erase: map[string]personaldata.Erase{
					"discord_id":     personaldata.Leave("Se conserva solo tu id de Discord y las fechas, como constancia de que tu cancelación se cumplió"),
					"roblox_user_id": {Clear: []string{"roblox_user_id", "roblox_key"}},
				}},
		},
	}
}

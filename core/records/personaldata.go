package records

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "charges", Title: "Cargos de tu expediente", About: append(personaldata.ByDiscordID("discord_id", "actor_id", "voided_by"), []personaldata.Column{{Name: "roblox_user_id", Holds: personaldata.RobloxUserID}}...)},
		},
		Unrelated: []personaldata.Unrelated{
			{Table: "data_repairs", Why: "Reparaciones de datos aplicadas, sin personas"},
		},
	}
}

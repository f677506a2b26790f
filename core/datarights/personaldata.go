package datarights

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "data_requests", Title: "Tus solicitudes sobre tus datos personales", About: personaldata.ByDiscordID("discord_id", "handled_by"),
				Erase: map[string]personaldata.Erase{
					"discord_id": {Redact: []string{"reason"}, Keep: "Tus solicitudes y sus respuestas se conservan, sin tu motivo, como constancia de que se atendieron"},
					"handled_by": {Clear: []string{"handled_by"}, Keep: "Las solicitudes que atendiste se conservan sin tu nombre"},
				}},
		},
	}
}

package audit

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "audit_entries", Title: "Registro de cambios hechos por ti o sobre ti", About: personaldata.ByDiscordID("actor_id", "entity_id")},
		},
	}
}

package audit

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "audit_entries", Title: "Registro de cambios hechos por ti o sobre ti", About: personaldata.ByDiscordID("actor_id", "entity_id"), Erase: map[string]personaldata.Erase{"actor_id": {Redact: []string{"actor_name"}, Clear: []string{"actor_id"}, Keep: "El registro de cambios conserva qué se hizo y cuándo, con [suprimido] en lugar de tus datos"}, "entity_id": {Redact: []string{"entity_id"}, Keep: "El registro de cambios conserva qué se hizo y cuándo, con [suprimido] en lugar de tus datos"}}},
		},
	}
}

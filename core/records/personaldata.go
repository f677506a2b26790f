package records

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "charges", Title: "Cargos de tu expediente", About: append(personaldata.ByDiscordID("discord_id", "actor_id", "voided_by"), []personaldata.Column{{Name: "roblox_user_id", Holds: personaldata.RobloxUserID}}...), AuditEntity: "charge", Posts: "post_event_id", Erase: map[string]personaldata.Erase{"discord_id": {Delete: true}, "roblox_user_id": {Delete: true}, "actor_id": {Redact: []string{"actor_name"}, Clear: []string{"actor_id"}, Keep: "Los cargos que registraste siguen en el expediente de cada persona, sin tu nombre"}, "voided_by": {Redact: []string{"voided_by"}, Keep: "Las anulaciones que hiciste se conservan sin tu nombre"}}},
		},
		Unrelated: []personaldata.Unrelated{
			{Table: "data_repairs", Why: "Reparaciones de datos aplicadas, sin personas"},
		},
	}
}

package legislative

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "initiatives", Title: "Iniciativas que presentaste", About: personaldata.ByDiscordID("created_by"), AuditEntity: "initiative", Erase: map[string]personaldata.Erase{"created_by": {Redact: []string{"created_by_name"}, Clear: []string{"created_by"}, Keep: "Las iniciativas son registro público de la cámara: se conservan sin tu nombre"}}},
			{Table: "initiative_votes", Title: "Tus votos", About: personaldata.ByDiscordID("member_id"), Erase: map[string]personaldata.Erase{"member_id": {Redact: []string{"member_name"}, Pseudonymize: []string{"member_id"}, Keep: "Tus votos cuentan en el resultado de cada iniciativa: se conserva el sentido del voto sin tu nombre"}}},
			{Table: "agenda_items", Title: "Puntos del orden del día que agregaste", About: personaldata.ByDiscordID("created_by"), Erase: map[string]personaldata.Erase{"created_by": {Clear: []string{"created_by"}, Keep: "El orden del día es de la cámara: se conserva sin tu nombre"}}},
			{Table: "initiative_reminders", Title: "Recordatorios de voto que recibiste", About: personaldata.ByDiscordID("member_id"), Erase: map[string]personaldata.Erase{"member_id": {Delete: true}}},
		},
		Unrelated: []personaldata.Unrelated{
			{Table: "initiative_events", Why: "El historial de cada iniciativa: nombra a quien actuó solo por su nombre, como registro público de la cámara"},
		},
	}
}

package legislative

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "initiatives", Title: "Iniciativas que presentaste", About: personaldata.ByDiscordID("created_by")},
			{Table: "initiative_votes", Title: "Tus votos", About: personaldata.ByDiscordID("member_id")},
			{Table: "agenda_items", Title: "Puntos del orden del día que agregaste", About: personaldata.ByDiscordID("created_by")},
			{Table: "initiative_reminders", Title: "Recordatorios de voto que recibiste", About: personaldata.ByDiscordID("member_id")},
		},
		Unrelated: []personaldata.Unrelated{
			{Table: "initiative_events", Why: "El historial de cada iniciativa: nombra a quien actuó solo por su nombre, como registro público de la cámara"},
		},
	}
}

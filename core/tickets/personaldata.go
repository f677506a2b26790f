package tickets

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "tickets", Title: "Tus tickets de soporte", About: personaldata.ByDiscordID("author_id", "assignee_id")},
			{Table: "ticket_messages", Title: "Mensajes de tickets", About: personaldata.ByDiscordID("sender_id")},
			{Table: "ticket_attachments", Title: "Archivos adjuntos de tus mensajes", Through: &personaldata.Through{Column: "message_id", Table: "ticket_messages", Key: "id", About: personaldata.ByDiscordID("sender_id")}},
			{Table: "ticket_events", Title: "Cambios que hiciste en tickets", About: personaldata.ByDiscordID("actor_id")},
			{Table: "ticket_reads", Title: "Tickets que leíste", About: personaldata.ByDiscordID("user_id")},
			{Table: "ticket_transcript_views", Title: "Transcripciones que abriste", About: personaldata.ByDiscordID("viewer_id")},
			{Table: "ticket_notes", Title: "Notas internas que escribiste", About: personaldata.ByDiscordID("author_id")},
		},
		Unrelated: []personaldata.Unrelated{
			{Table: "ticket_tallies", Why: "Cuentas de tickets por estado, sin personas"},
			{Table: "ticket_canned_replies", Why: "Respuestas predefinidas del equipo, sin personas"},
		},
	}
}

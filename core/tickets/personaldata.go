package tickets

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "tickets", Title: "Tus tickets de soporte", About: personaldata.ByDiscordID("author_id", "assignee_id"), AuditEntity: "ticket", SearchWords: "search_words", Erase: map[string]personaldata.Erase{"author_id": {Redact: []string{"title", "author_name"}, Pseudonymize: []string{"author_id"}, Keep: "Las cifras del soporte cuentan tus tickets: se conservan su categoría, estado y fechas, sin tu nombre ni tu texto"}, "assignee_id": {Redact: []string{"assignee_name"}, Clear: []string{"assignee_id"}, Keep: "Los tickets que atendiste se conservan sin tu nombre"}}},
			{Table: "ticket_messages", Title: "Mensajes de tickets", About: personaldata.ByDiscordID("sender_id"), Erase: map[string]personaldata.Erase{"sender_id": {Redact: []string{"content", "sender_name"}, Clear: []string{"sender_id", "sender_avatar"}, Keep: "Los mensajes de un ticket quedan como [suprimido], para que la conversación de los demás siga teniendo sentido"}}},
			{Table: "ticket_attachments", Title: "Archivos adjuntos de tus mensajes", Through: &personaldata.Through{Column: "message_id", Table: "ticket_messages", Key: "id", About: personaldata.ByDiscordID("sender_id")}, Files: "storage_key", Erase: map[string]personaldata.Erase{"message_id": {Delete: true}}},
			{Table: "ticket_events", Title: "Cambios que hiciste en tickets", About: personaldata.ByDiscordID("actor_id"), Erase: map[string]personaldata.Erase{"actor_id": {Redact: []string{"actor_name"}, Clear: []string{"actor_id"}, Keep: "Los cambios que hiciste en tickets se conservan sin tu nombre"}}},
			{Table: "ticket_staff_served", Title: "Personas que atendiste en tickets", About: personaldata.ByDiscordID("member_id", "author_id"), Erase: map[string]personaldata.Erase{"member_id": {Delete: true}, "author_id": {Delete: true}}},
			{Table: "ticket_reads", Title: "Tickets que leíste", About: personaldata.ByDiscordID("user_id"), Erase: map[string]personaldata.Erase{"user_id": {Delete: true}}},
			{Table: "ticket_transcript_views", Title: "Transcripciones que abriste", About: personaldata.ByDiscordID("viewer_id"), Erase: map[string]personaldata.Erase{"viewer_id": {Delete: true}}},
			{Table: "ticket_notes", Title: "Notas internas que escribiste", About: personaldata.ByDiscordID("author_id"), Erase: map[string]personaldata.Erase{"author_id": {Redact: []string{"author_name"}, Clear: []string{"author_id"}, Keep: "Las notas internas que escribiste se conservan sin tu nombre"}}},
		},
		Unrelated: []personaldata.Unrelated{
			{Table: "ticket_tallies", Why: "Cuentas de tickets por estado, sin personas"},
			{Table: "ticket_day_figures", Why: "Cuentas y medianas de tickets por día, sin personas"},
			{Table: "ticket_canned_replies", Why: "Respuestas predefinidas del equipo, sin personas"},
		},
	}
}

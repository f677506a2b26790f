package staff

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "staff_shifts", Title: "Tus turnos", About: personaldata.ByDiscordID("member_id"), Erase: map[string]personaldata.Erase{"member_id": {Delete: true}}},
			{Table: "staff_breaks", Title: "Tus pausas", About: personaldata.ByDiscordID("member_id"), Erase: map[string]personaldata.Erase{"member_id": {Delete: true}}},
			{Table: "staff_time_folds", Title: "Tu tiempo total de turnos anteriores", About: personaldata.ByDiscordID("member_id"), Erase: map[string]personaldata.Erase{"member_id": {Delete: true}}},
			{Table: "staff_adjustments", Title: "Ajustes de tus horas", About: personaldata.ByDiscordID("member_id", "actor_id"), Erase: map[string]personaldata.Erase{"member_id": {Delete: true}, "actor_id": {Redact: []string{"actor_name"}, Clear: []string{"actor_id"}, Keep: "Los ajustes que hiciste a las horas de otros se conservan sin tu nombre"}}},
			{Table: "staff_records", Title: "Tu expediente de staff", About: personaldata.ByDiscordID("member_id", "dismissed_by"), Erase: map[string]personaldata.Erase{"member_id": {Delete: true}, "dismissed_by": {Clear: []string{"dismissed_by"}, Keep: "Las bajas que decidiste se conservan sin tu nombre"}}},
			{Table: "staff_notes", Title: "Notas y advertencias de tu expediente de staff", About: personaldata.ByDiscordID("member_id", "actor_id"), Erase: map[string]personaldata.Erase{"member_id": {Delete: true}, "actor_id": {Redact: []string{"actor_name"}, Clear: []string{"actor_id"}, Keep: "Las notas que escribiste sobre otros se conservan sin tu nombre"}}},
			{Table: "staff_reports", Title: "Tus reportes de turno", About: personaldata.ByDiscordID("member_id"), Erase: map[string]personaldata.Erase{"member_id": {Delete: true}}},
			{Table: "staff_leaves", Title: "Tus ausencias", About: personaldata.ByDiscordID("member_id", "decided_by"), AuditEntity: "leave", Erase: map[string]personaldata.Erase{"member_id": {Delete: true}, "decided_by": {Redact: []string{"decided_by_name"}, Clear: []string{"decided_by"}, Keep: "Las ausencias que decidiste se conservan sin tu nombre"}}},
		},
		Unrelated: []personaldata.Unrelated{
			{Table: "staff_weekly_reports", Why: "El informe semanal del equipo, publicado en Discord; se alcanza desde Discord"},
			{Table: "staff_quotas", Why: "Horas semanales por rol, sin personas"},
			{Table: "staff_week_hours", Why: "Horas del equipo por semana y servidor, sin personas"},
		},
	}
}

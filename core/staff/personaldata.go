package staff

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "staff_shifts", Title: "Tus turnos", About: personaldata.ByDiscordID("member_id")},
			{Table: "staff_breaks", Title: "Tus pausas", About: personaldata.ByDiscordID("member_id")},
			{Table: "staff_adjustments", Title: "Ajustes de tus horas", About: personaldata.ByDiscordID("member_id", "actor_id")},
			{Table: "staff_records", Title: "Tu expediente de staff", About: personaldata.ByDiscordID("member_id", "dismissed_by")},
			{Table: "staff_notes", Title: "Notas y advertencias de tu expediente de staff", About: personaldata.ByDiscordID("member_id", "actor_id")},
			{Table: "staff_reports", Title: "Tus reportes de turno", About: personaldata.ByDiscordID("member_id")},
			{Table: "staff_leaves", Title: "Tus ausencias", About: personaldata.ByDiscordID("member_id", "decided_by")},
		},
		Unrelated: []personaldata.Unrelated{
			{Table: "staff_weekly_reports", Why: "El informe semanal del equipo, publicado en Discord; se alcanza desde Discord"},
			{Table: "staff_quotas", Why: "Horas semanales por rol, sin personas"},
		},
	}
}

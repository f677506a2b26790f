package documents

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "documents", Title: "Tus documentos de identidad", About: personaldata.ByDiscordID("discord_id"), AuditEntity: "document", AuditKey: "number", Erase: map[string]personaldata.Erase{"discord_id": {Delete: true}}},
		},
	}
}

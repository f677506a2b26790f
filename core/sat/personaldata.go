package sat

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "businesses", Title: "Tus negocios", About: personaldata.ByDiscordID("owner_discord_id", "created_by")},
			{Table: "business_documents", Title: "Documentos de tus negocios", Through: &personaldata.Through{Column: "business_id", Table: "businesses", Key: "id", About: personaldata.ByDiscordID("owner_discord_id")}},
		},
	}
}

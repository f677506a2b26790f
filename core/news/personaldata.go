package news

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "news_items", Title: "Noticias que publicaste", About: personaldata.ByDiscordID("author_id"), AuditEntity: "news", Erase: map[string]personaldata.Erase{"author_id": {Clear: []string{"author_id"}, Keep: "Las noticias publicadas son de la comunidad: se conservan sin tu nombre"}}},
		},
	}
}

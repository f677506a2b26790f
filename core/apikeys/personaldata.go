package apikeys

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "api_keys", Title: "Claves de API que creaste", About: personaldata.ByDiscordID("created_by"), Withheld: []string{"hash"}},
		},
	}
}

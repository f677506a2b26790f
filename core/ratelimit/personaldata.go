package ratelimit

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "rate_limit_hits", Title: "Límites de uso a tu nombre", About: personaldata.ByDiscordID("key"), Erase: map[string]personaldata.Erase{"key": {Delete: true}}},
		},
	}
}

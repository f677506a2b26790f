package treasury

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "sales", Title: "Ventas en las que compraste o vendiste", About: personaldata.ByDiscordID("buyer_discord_id", "seller_id", "voided_by")},
		},
	}
}

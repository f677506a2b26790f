package treasury

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "sales", Title: "Ventas en las que compraste o vendiste", About: personaldata.ByDiscordID("buyer_discord_id", "seller_id", "voided_by"), AuditEntity: "sale", Erase: map[string]personaldata.Erase{"buyer_discord_id": {Redact: []string{"buyer_username"}, Clear: []string{"buyer_discord_id", "buyer_avatar"}, Keep: "La Tesorería conserva el artículo, el importe y la fecha de tus compras, sin tu nombre: son registros contables"}, "seller_id": {Redact: []string{"seller_name"}, Clear: []string{"seller_id"}, Keep: "Las ventas que registraste se conservan sin tu nombre"}, "voided_by": {Redact: []string{"voided_by"}, Keep: "Las anulaciones que hiciste se conservan sin tu nombre"}}},
		},
		Unrelated: []personaldata.Unrelated{
			{Table: "sale_tallies", Why: "Cuenta de ventas no anuladas, sin personas"},
		},
	}
}

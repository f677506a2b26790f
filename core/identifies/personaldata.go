package identifies

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Unrelated: []personaldata.Unrelated{
			{Table: "gateway_identifies", Why: "Conexiones del bot a Discord, sin personas"},
		},
	}
}

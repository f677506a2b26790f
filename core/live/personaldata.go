package live

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Unrelated: []personaldata.Unrelated{
			{Table: "live_events", Why: "Avisos en vivo para las páginas abiertas; se borran a los pocos minutos"},
		},
	}
}

package documents

import "zocalo/core/labels"

// The Spanish names of the documents' values, read by the web through the generated
// web/src/api/serverConstants.gen.ts.
var (
	// Kinds are named as the documents' cards name them.
	Kinds = labels.Table{
		{Value: KindINE, Label: "Identificación Nacional"},
		{Value: KindPasaporte, Label: "Pasaporte Internacional"},
	}
	// NameStatuses say what a document's Roblox name is worth.
	NameStatuses = labels.Table{
		{Value: NameVerified, Label: "Verificado"},
		{Value: NameUnverified, Label: "Sin verificar"},
		{Value: NameFlagged, Label: "Nombre de Roblox no verificado"},
	}
)

package authz

import "zocalo/core/labels"

// RoleLabels name the community's roles in Spanish, as the portal shows them: a role's
// constant (MODERADOR) is what configuration and the API take, never what a person reads.
var RoleLabels = labels.Table{
	{Value: string(Comite), Label: "Comité"},
	{Value: string(ScjnAdmin), Label: "Administración de la SCJN"},
	{Value: string(Oficina), Label: "Oficina"},
	{Value: string(CongresoAdmin), Label: "Administración del Congreso"},
	{Value: string(RH), Label: "Recursos Humanos"},
	{Value: string(AI), Label: "Asuntos Internos"},
	{Value: string(SoporteTecnico), Label: "Soporte Técnico"},
	{Value: string(Moderador), Label: "Moderador"},
	{Value: string(Trial), Label: "Trial"},
	{Value: string(Tesoreria), Label: "Tesorería"},
	{Value: string(Auditor), Label: "Auditor"},
	{Value: string(Diputado), Label: "Diputado"},
	{Value: string(Senador), Label: "Senador"},
	{Value: string(Ministro), Label: "Ministro"},
}

// Label is the role's Spanish name.
func (r Role) Label() string { return RoleLabels.Of(string(r)) }

// Package access tells, rule by rule, what a person may do on the portal, each rule as the
// service that enforces it decides. The portal offers exactly that; the services still refuse
// anything else.
package access

import (
	"zocalo/core/apikeys"
	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/contact"
	"zocalo/core/datarights"
	"zocalo/core/legislative"
	"zocalo/core/news"
	"zocalo/core/outbox"
	"zocalo/core/permissions"
	"zocalo/core/records"
	"zocalo/core/sat"
	"zocalo/core/staff"
	"zocalo/core/tickets"
)

// Abilities are the rules outside the permission matrix (whose rights travel as panels).
type Abilities struct {
	// Voting is a seat, held through a role: each body's legislators.
	VoteSCJN     bool `json:"voteScjn"`
	VoteCongreso bool `json:"voteCongreso"`
	// Holders of DIPUTADO see businesses' RFC and owner.
	SeeConfidentialSAT bool `json:"seeConfidentialSat"`
	ReportShift        bool `json:"reportShift"`
	ManageNews         bool `json:"manageNews"`
	// Artist applications are read by the configured allowlist, not by a role.
	ReviewArtists  bool `json:"reviewArtists"`
	AddCharges     bool `json:"addCharges"`
	ExpungeCharges bool `json:"expungeCharges"`
	OpenDashboard  bool `json:"openDashboard"`
	// The dashboard shows Trial members "Acceso No Disponible" instead.
	TrialNotice         bool `json:"trialNotice"`
	OwnStaffRecord      bool `json:"ownStaffRecord"`
	EndOthersShift      bool `json:"endOthersShift"`
	DecideLeaves        bool `json:"decideLeaves"`
	SetStaffQuotas      bool `json:"setStaffQuotas"`
	ManageRoles         bool `json:"manageRoles"`
	ManageAPIKeys       bool `json:"manageApiKeys"`
	ReadAudit           bool `json:"readAudit"`
	OperateDeliveries   bool `json:"operateDeliveries"`
	ReadContactMessages bool `json:"readContactMessages"`
	// Canned replies of the support desk: create, edit and delete them.
	ManageCannedReplies bool `json:"manageCannedReplies"`
	// Members' requests about their data are answered by the configured roles (COMITE).
	HandleDataRequests bool `json:"handleDataRequests"`
}

// Configured are the rules that configuration decides rather than a role alone.
type Configured struct {
	// ArtistReviewer: the actor is on the artist allowlist.
	ArtistReviewer bool
	// DataHandlers are the roles that answer requests about personal data.
	DataHandlers []authz.Role
}

// Of are the actor's abilities, with what configuration says of them.
func Of(a *authz.Actor, cfg Configured) Abilities {
	return Abilities{
		VoteSCJN:            legislative.HasSeat(a, legislative.BodySCJN),
		VoteCongreso:        legislative.HasSeat(a, legislative.BodyCongreso),
		SeeConfidentialSAT:  sat.SeesConfidential(a),
		ReportShift:         staff.MayReport(a),
		ManageNews:          news.CanManage(a),
		ReviewArtists:       cfg.ArtistReviewer,
		AddCharges:          records.MayAddCharges(a),
		ExpungeCharges:      records.MayExpungeCharges(a),
		OpenDashboard:       staff.MayOpenDashboard(a),
		TrialNotice:         staff.SeesTrialNotice(a),
		OwnStaffRecord:      staff.HasOwnRecord(a),
		EndOthersShift:      staff.MayEndOthersShift(a),
		DecideLeaves:        staff.MayDecideLeaves(a),
		SetStaffQuotas:      staff.MaySetQuotas(a),
		ManageRoles:         permissions.MayManage(a),
		ManageAPIKeys:       apikeys.MayManage(a),
		ReadAudit:           audit.MayRead(a),
		OperateDeliveries:   outbox.MayOperate(a),
		ReadContactMessages: contact.MayRead(a),
		ManageCannedReplies: tickets.MayManageCanned(a),
		HandleDataRequests:  datarights.MayHandle(a, cfg.DataHandlers),
	}
}

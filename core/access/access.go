// Package access tells, rule by rule, what a person may do on the portal, each rule as the
// service that enforces it decides. The portal offers exactly that; the services still refuse
// anything else.
package access

import (
	"zocalo/core/apikeys"
	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/contact"
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
}

// Of are the actor's abilities; reviewer tells whether they are on the artist allowlist.
func Of(a *authz.Actor, reviewer bool) Abilities {
	return Abilities{
		VoteSCJN:            legislative.HasSeat(a, legislative.BodySCJN),
		VoteCongreso:        legislative.HasSeat(a, legislative.BodyCongreso),
		SeeConfidentialSAT:  sat.SeesConfidential(a),
		ReportShift:         staff.MayReport(a),
		ManageNews:          news.CanManage(a),
		ReviewArtists:       reviewer,
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
	}
}

package authz

// Actor is who is acting: a signed-in user on the web or a member in Discord, with the
// roles they hold now (read from the synced members, never from a token).
type Actor struct {
	DiscordID string
	Username  string
	RoleIDs   []string
	Roles     RoleSet
	// Panels are the actor's rights from the permission matrix; nil means the seeded
	// defaults for Roles.
	Panels map[Panel]Flags
}

// Permits runs the permission check for the actor.
func (a *Actor) Permits(required ...Role) bool {
	if a == nil {
		return false
	}
	return a.Roles.Permits(required...)
}

// InGroup tells whether the actor passes the check for the groups' roles.
func (a *Actor) InGroup(groups ...Group) bool {
	if a == nil {
		return false
	}
	return a.Roles.InGroup(groups...)
}

// HasRole is a plain role check, without the superuser rule.
func (a *Actor) HasRole(r Role) bool {
	if a == nil {
		return false
	}
	return a.Roles.Has(r)
}

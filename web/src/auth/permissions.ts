import type { GroupName, RoleIds, RoleName } from '../api/types';

/**
 * The portal's permission check: an empty list passes; holders of COMITE or
 * OFICINA pass everything; AUDITOR passes where TESORERIA is required;
 * otherwise the user needs at least one of the listed roles.
 */
export function hasPermission(userRoleIds: readonly string[], required: readonly RoleName[], roleIds: RoleIds): boolean {
  if (required.length === 0) return true;
  const held = new Set(userRoleIds);
  const holds = (role: RoleName) => {
    const id = roleIds[role];
    return id !== undefined && id !== '' && held.has(id);
  };
  if (holds('COMITE') || holds('OFICINA')) return true;
  if (required.includes('TESORERIA') && holds('AUDITOR')) return true;
  return required.some(holds);
}

/** Whether the user holds the named role's id. */
export function hasRole(userRoleIds: readonly string[], role: RoleName, roleIds: RoleIds): boolean {
  const id = roleIds[role];
  return id !== undefined && id !== '' && userRoleIds.includes(id);
}

/** The role names of the given groups, without repeats. */
export function rolesOfGroups(groups: Partial<Record<GroupName, readonly RoleName[]>>, names: readonly GroupName[]): RoleName[] {
  const roles = new Set<RoleName>();
  for (const name of names) for (const role of groups[name] ?? []) roles.add(role);
  return [...roles];
}

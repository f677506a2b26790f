import { describe, expect, it } from 'vitest';
import vectors from '../../../core/authz/testdata/permission_vectors.json';
import type { GroupName, RoleIds, RoleName } from '../api/types';
import { hasPermission, hasRole, rolesOfGroups } from './permissions';

interface VectorCase {
  name: string;
  userRoles: string[];
  required: RoleName[];
  expected: boolean;
}

const roleIds = vectors.roleIds as RoleIds;
const groups = vectors.groups as Record<GroupName, RoleName[]>;
const cases = vectors.cases as VectorCase[];

describe('hasPermission (shared vectors)', () => {
  it('has cases to run', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(hasPermission(c.userRoles, c.required, roleIds)).toBe(c.expected);
  });
});

describe('hasRole', () => {
  it('finds a held role by its id', () => {
    expect(hasRole([roleIds.MODERADOR], 'MODERADOR', roleIds)).toBe(true);
    expect(hasRole([roleIds.MODERADOR], 'TRIAL', roleIds)).toBe(false);
  });

  it('treats a role without a configured id as not held', () => {
    const partial = { ...roleIds, MINISTRO: '' };
    expect(hasRole([''], 'MINISTRO', partial)).toBe(false);
  });
});

describe('rolesOfGroups', () => {
  it('joins groups without repeats', () => {
    expect(rolesOfGroups(groups, ['TREASURY', 'ADMIN'])).toEqual(['TESORERIA', 'AUDITOR', 'COMITE', 'OFICINA', 'RH', 'AI']);
    expect(rolesOfGroups(groups, ['ADMIN', 'ADMIN'])).toEqual(groups.ADMIN);
  });
});

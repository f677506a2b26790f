import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client';
import { queryKeys } from './queries';
import type { GuildRole, PanelId, PanelPermission, PanelPermissionInput, PanelPermissionSaved } from './types';

export const ROLES_LOAD_ERROR = 'Error al cargar los roles';
export const PERMISSIONS_LOAD_ERROR = 'Error al cargar los permisos';
export const PERMISSIONS_UPDATE_ERROR = 'Error al actualizar los permisos';
export const PERMISSIONS_UPDATED = 'Permisos actualizados correctamente';

export const roleKeys = {
  roles: ['roles', 'guild'] as const,
  panel: (panel: PanelId) => ['roles', 'panel', panel] as const,
  set: ['roles', 'set'] as const,
};

/** The guild's roles as the role sync last saw them. */
export function useGuildRoles(enabled = true) {
  return useQuery({
    queryKey: roleKeys.roles,
    queryFn: () => apiFetch<GuildRole[]>('/api/roles/roles', { errorMessage: ROLES_LOAD_ERROR }),
    staleTime: 60_000,
    enabled,
  });
}

/** Every role's rights on a panel. */
export function usePanelPermissions(panel: PanelId) {
  return useQuery({
    queryKey: roleKeys.panel(panel),
    queryFn: () => apiFetch<PanelPermission[]>(`/api/roles/panels/${panel}/permissions`, { errorMessage: PERMISSIONS_LOAD_ERROR }),
    staleTime: 0,
  });
}

interface SetPermissions extends PanelPermissionInput {
  panel: PanelId;
}

/**
 * Sets one role's three rights on a panel. The table shows the new value at once; a refusal
 * puts that role's stored value back. Afterwards the panel is read again, and so is the
 * signed-in user's profile: an admin may have changed their own rights.
 */
export function useSetPanelPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: roleKeys.set,
    mutationFn: ({ panel, roleId, permissions }: SetPermissions) =>
      apiFetch<PanelPermissionSaved>(`/api/roles/panels/${panel}/permissions`, {
        method: 'PUT',
        body: { roleId, permissions } satisfies PanelPermissionInput,
        errorMessage: PERMISSIONS_UPDATE_ERROR,
      }),
    onMutate: async ({ panel, roleId, permissions }) => {
      const key = roleKeys.panel(panel);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PanelPermission[]>(key)?.find((row) => row.roleId === roleId)?.permissions;
      queryClient.setQueryData<PanelPermission[]>(key, (rows) => rows?.map((row) => (row.roleId === roleId ? { ...row, permissions } : row)));
      return { previous };
    },
    onError: (_err, { panel, roleId }, context) => {
      const previous = context?.previous;
      if (!previous) return;
      queryClient.setQueryData<PanelPermission[]>(roleKeys.panel(panel), (rows) =>
        rows?.map((row) => (row.roleId === roleId ? { ...row, permissions: previous } : row)),
      );
    },
    onSettled: (_data, _err, { panel }) => {
      // While another role's change is still on its way, reading the panel would show it undone.
      const last = queryClient.isMutating({ mutationKey: roleKeys.set }) <= 1;
      return Promise.all([
        last ? queryClient.invalidateQueries({ queryKey: roleKeys.panel(panel) }) : undefined,
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
      ]);
    },
  });
}

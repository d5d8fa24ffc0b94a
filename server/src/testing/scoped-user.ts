import type { PermissionFlag } from '@common/permissions.ts'
import { SessionClient } from './session-client.ts'

/**
 * An operator assigned to `clientIds` only, signed in; `grant` adds flags to the operator role
 * (operators lack the logs flags by default) so scoping can be seen on screens they could not open.
 */
export async function signInScopedOperator(
  baseUrl: string,
  admin: SessionClient,
  options: { username: string; clientIds: string[]; grant?: PermissionFlag[] },
): Promise<SessionClient> {
  if (options.grant?.length) {
    const permissions = Object.fromEntries(options.grant.map((flag) => [flag, true]))
    const granted = await admin.request('PUT', '/api/permissions/roles/operator', { json: { permissions } })
    if (granted.status !== 200) throw new Error(`granting ${options.grant.join(', ')}: ${granted.text}`)
  }
  const password = 'scoped-pass-1'
  const created = await admin.post('/api/users', { username: options.username, password, role: 'operator' })
  if (created.status !== 201) throw new Error(`creating ${options.username}: ${created.text}`)
  const userId = (created.body as { id: number }).id
  for (const clientId of options.clientIds) {
    const assigned = await admin.post(`/api/users/${userId}/clients/${clientId}`, { permissions: {} })
    if (assigned.status !== 200) throw new Error(`assigning ${clientId}: ${assigned.text}`)
  }
  const client = new SessionClient(baseUrl)
  await client.login(options.username, password)
  return client
}

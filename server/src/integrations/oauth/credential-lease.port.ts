/**
 * A lease on one credential across processes: both providers rotate refresh tokens, so only one
 * process may refresh a credential at a time. Implemented over the database by the repositories.
 */
export interface CredentialLeases {
  /** Takes the lease when free or expired; true when `holder` now has it. */
  acquire(key: string, holder: string, ttlMs: number): Promise<boolean>
  release(key: string, holder: string): Promise<void>
}

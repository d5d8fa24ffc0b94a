import { hash, verify } from '@node-rs/argon2'

// Algorithm.Argon2id of @node-rs/argon2; its `const enum` cannot be imported under
// verbatimModuleSyntax, so the value is written out.
const ARGON2ID = 2

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID })
}

// Checked against this when the username is unknown, so both failures take the same time.
let decoyHash: Promise<string> | undefined

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword('decoy-password-for-constant-time')
    await verify(await decoyHash, password).catch(() => false)
    return false
  }
  return verify(storedHash, password).catch(() => false)
}

import type { SecretBox } from '../../lib/secret-box.ts'

// A slack or webhook channel's URL is a credential (whoever has it can post to the channel), so
// it is kept sealed like a provider token; email addresses are shown in full and stay readable.

/** Whether a channel of `type` keeps its target sealed. */
export function isSealedType(type: string): boolean {
  return type === 'slack' || type === 'webhook'
}

/** A stored URL target still in plain text (a row from before targets were sealed). */
export function isPlainUrl(stored: string): boolean {
  return /^https?:\/\//i.test(stored)
}

export function sealTarget(box: SecretBox, type: string, target: string): string {
  return isSealedType(type) ? box.seal(target) : target
}

/** The target as typed: a sealed URL opened; an email list, or a URL not yet sealed, as it is. */
export function openTarget(box: SecretBox, type: string, stored: string): string {
  return isSealedType(type) && !isPlainUrl(stored) ? box.open(stored) : stored
}

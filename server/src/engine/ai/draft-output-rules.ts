// The rules an AI draft obeys (docs/spec/product.md §9.6, §9.7), enforced here rather than only
// asked of the model: plain text, at most 1,000 characters, no links, and no phone number or
// email address that would move the customer off Yelp unless the playbook allows them. A link,
// or an answer that repeats the instructions or the profile, refuses the draft: both are what a
// prompt injection is after. What else can be repaired is stripped; what is left too thin to
// send is refused with the reason.

import { echoesAny } from './draft-echo.ts'
import { findLink } from './draft-links.ts'

export const MAX_DRAFT_LENGTH = 1000
/** Shorter than this after repair, a draft says nothing a person would send. */
export const MIN_DRAFT_LENGTH = 20

export interface DraftRules {
  allowContactDetails: boolean
  /** What the answer must not repeat at length: the model's instructions, the business profile. */
  confidential?: readonly string[]
}

export type DraftCheck =
  | { ok: true; text: string; repairs: DraftRepair[] }
  | { ok: false; reason: string; repairs: DraftRepair[] }

export type DraftRepair = 'markdown' | 'contact_details' | 'length'

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g
/** A run of 7 or more digits with the usual separators: a phone number, not a price or a date. */
const PHONE = /\+?\(?\d[\d \t().-]{5,}\d/g

export function applyDraftRules(raw: string, rules: DraftRules): DraftCheck {
  const repairs: DraftRepair[] = []
  const step = (text: string, next: string, repair: DraftRepair) => {
    if (next !== text && !repairs.includes(repair)) repairs.push(repair)
    return next
  }
  // Plain text: line breaks made uniform, and no private-use or control characters (besides the
  // line breaks and tabs), which a customer's phone would show as boxes.
  let text = raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Co}\p{Cc}]/gu, (char) => (char === '\n' || char === '\t' ? char : ''))
  if (findLink(text) !== null)
    return { ok: false, reason: 'The AI draft was refused: it contains a link or web address', repairs }
  if (echoesAny(text, rules.confidential ?? []))
    return {
      ok: false,
      reason: 'The AI draft was refused: it repeats the AI instructions or the business profile',
      repairs,
    }
  text = step(text, stripMarkdown(text), 'markdown')
  if (!rules.allowContactDetails) {
    let next = text.replace(EMAIL, REMOVED)
    next = next.replace(PHONE, (match) => (digitCount(match) >= 7 ? REMOVED : match))
    text = step(text, next, 'contact_details')
  }
  text = tidy(dropRemoved(text))
  text = step(text, cutAtWord(text, MAX_DRAFT_LENGTH), 'length')
  if (text.length < MIN_DRAFT_LENGTH || !/[a-z]{2,}/i.test(text)) {
    const reason = repairs.includes('contact_details')
      ? 'The AI draft had nothing left to send after removing contact details'
      : 'The AI model answered with no usable text'
    return { ok: false, reason, repairs }
  }
  return { ok: true, text, repairs }
}

/**
 * Where something was stripped, until the words that led to it go too: a private-use character,
 * which applyDraftRules removed from the model's text first.
 */
const REMOVED = '\uE000'
/** The little words that pointed at a stripped address: "write to ⟨email⟩", "call us on ⟨number⟩". */
const POINTER =
  /(?:[ \t]+(?:at|on|via|to|from|here|or|and|us))*[ \t]*\uE000(?:[ \t]+(?:or|and)(?=[ \t]+\uE000))?/gi

function dropRemoved(text: string): string {
  let previous: string
  do {
    previous = text
    text = text.replace(POINTER, '')
  } while (text !== previous && text.includes(REMOVED))
  return text.replaceAll(REMOVED, '')
}

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length
}

/** Markdown to the words it marks up: Yelp shows text as typed. */
export function stripMarkdown(text: string): string {
  return (
    text
      // Fenced code: keep the content, drop the fences.
      .replace(/^```[^\n]*\n?/gm, '')
      // [label](url) → label (a url there has already refused the draft).
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
      .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
      .replace(/^[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*$/gm, '')
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[\s(])([*_])(?=\S)([^*_\n]*?\S)\2(?=[\s).,!?:;]|$)/gm, '$1$3')
      .replace(/`([^`\n]*)`/g, '$1')
  )
}

function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \t]+/g, ' ')
        // What a removed link or number leaves behind: "at ." / "( )" / "call or".
        .replace(/\(\s*\)|\[\s*\]/g, '')
        .replace(/\s+([.,;:!?])/g, '$1')
        .replace(/([:,])(?=[.!?])/g, '')
        .trim(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max + 1)
  const lastSpace = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('\n'))
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : text.slice(0, max)).trimEnd()
}

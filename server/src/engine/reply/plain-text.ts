const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
}

/**
 * Yelp takes plain text only (docs/spec/product.md §3): GHL's email-style HTML is flattened — line
 * breaks and paragraphs kept as newlines, tags dropped, entities decoded, blank runs squeezed.
 */
export function toPlainText(message: string | undefined, html: string | undefined): string {
  const source = message?.trim() ? message : (html ?? '')
  return source
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (match, entity: string) => {
      if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
      if (entity.startsWith('#') && entity !== '#39')
        return String.fromCodePoint(Number.parseInt(entity.slice(1), 10))
      return ENTITIES[entity.toLowerCase()] ?? match
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

import type { YelpEvent } from './yelp.schemas.ts'

/** The words of an event: `text`, else `fallback_text` (docs/providers/yelp.md §1: always fall back). */
export function eventText(event: YelpEvent): string {
  return (event.event_content?.text || event.event_content?.fallback_text || '').trim()
}

/** Events that are conversation messages; opt-in/out and other system events are not. */
export function isMessageEvent(event: YelpEvent): boolean {
  return !event.event_type.includes('PHONE_NUMBER_OPT')
}

import { linkify } from '@/features/inbox/utils/linkify.ts'

/**
 * A message's words as elements: emails and phone numbers become mailto/tel links (docs/spec/dashboard-spec.md §5),
 * everything else stays text, so `<script>` or `<img onerror>` in a message shows as typed.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {linkify(text).map((part, index) =>
        part.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, never reordered.
          <span key={index}>{part.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed text, never reordered.
          <a key={index} href={part.href} className="underline underline-offset-2">
            {part.text}
          </a>
        ),
      )}
    </p>
  )
}

/**
 * Every message of a field's error, nested ones included: a day of business hours fails on
 * one of its openings (`mon.0`) or one time of it (`mon.0.1`), and react-hook-form keeps those
 * below the day. Renders nothing without a message.
 */
export function FieldMessages({ id, error }: { id: string; error: unknown }) {
  const messages = [...new Set(messagesOf(error))]
  if (messages.length === 0) return null
  return (
    <p id={id} className="text-xs text-destructive">
      {messages.join('; ')}
    </p>
  )
}

function messagesOf(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== 'object' || depth > 4) return []
  const own = 'message' in error && typeof error.message === 'string' && error.message ? [error.message] : []
  const nested = Object.entries(error)
    .filter(([key]) => key !== 'ref' && key !== 'message' && key !== 'type' && key !== 'types')
    .flatMap(([, value]) => messagesOf(value, depth + 1))
  return [...own, ...nested]
}

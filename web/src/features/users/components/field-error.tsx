/** A form field's validation message, linked to its input by id (aria-describedby). */
export function FieldError({ id, error }: { id: string; error: { message?: string } | undefined }) {
  if (!error?.message) return null
  return (
    <p id={id} className="text-sm text-destructive">
      {error.message}
    </p>
  )
}

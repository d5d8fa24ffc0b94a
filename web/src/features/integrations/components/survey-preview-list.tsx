import { surveyPreview } from '@/features/integrations/utils/survey-preview.ts'

/** docs/spec/dashboard-spec.md §2.6: the first 10 survey questions, each cut at 30 characters, then '+N more'. */
export function SurveyPreviewList({ questions }: { questions: readonly string[] }) {
  const { shown, more } = surveyPreview(questions)
  if (questions.length === 0)
    return <p className="text-sm text-muted-foreground">No survey questions found.</p>
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Survey questions">
      {shown.map((question, index) => (
        <li
          // Questions may repeat once truncated; the position keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for one analysis.
          key={index}
          title={questions[index]}
          className="rounded-md border bg-muted/50 px-2 py-0.5 text-xs"
        >
          {question}
        </li>
      ))}
      {more > 0 && <li className="px-1 py-0.5 text-xs font-medium text-muted-foreground">+{more} more</li>}
    </ul>
  )
}

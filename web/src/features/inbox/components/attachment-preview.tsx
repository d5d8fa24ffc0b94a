import type { LeadAttachment } from '@common/leads.ts'
import { Download, Paperclip } from 'lucide-react'
import { isImage, safeUrl } from '@/features/inbox/utils/lead-display.ts'

/** docs/spec/dashboard-spec.md §2.14: an image preview at most 200px high, and a download, for each attachment. */
export function AttachmentPreview({ attachment }: { attachment: LeadAttachment }) {
  const url = safeUrl(attachment.url)
  const name = attachment.resource_name || attachment.url?.split('/').at(-1) || 'attachment'
  if (!url) return <p className="text-xs">{name}</p>
  return (
    <div className="grid gap-1">
      {isImage(attachment) ? (
        <img
          src={url}
          alt={name}
          className="max-h-[200px] max-w-full rounded-md object-contain"
          loading="lazy"
        />
      ) : (
        <span className="flex items-center gap-1 text-xs">
          <Paperclip className="size-3" aria-hidden="true" />
          {name}
        </span>
      )}
      <a
        href={url}
        download={name}
        target="_blank"
        rel="noopener noreferrer"
        className="flex items-center gap-1 text-xs underline underline-offset-2"
      >
        <Download className="size-3" aria-hidden="true" />
        Download
      </a>
    </div>
  )
}

import type { LeadAttachment } from '@common/leads.ts'
import { Download, FileImage, Paperclip } from 'lucide-react'
import { useState } from 'react'
import { isImage, safeUrl } from '@/features/inbox/utils/lead-display.ts'

/**
 * docs/spec/dashboard-spec.md §2.14: an image preview at most 200px high, and a download, for each
 * attachment. An image that does not load (Yelp's link expired, the file is gone) shows as a file
 * tile with its name instead of the browser's broken-image icon; the download stays.
 */
export function AttachmentPreview({ attachment }: { attachment: LeadAttachment }) {
  const [isBroken, setIsBroken] = useState(false)
  const url = safeUrl(attachment.url)
  const name = attachment.resource_name || attachment.url?.split('/').at(-1) || 'attachment'
  if (!url) return <p className="text-xs">{name}</p>
  const showsImage = isImage(attachment) && !isBroken
  return (
    <div className="grid min-w-0 gap-1">
      {showsImage ? (
        <img
          src={url}
          alt={name}
          className="max-h-[200px] max-w-full rounded-md object-contain"
          loading="lazy"
          onError={() => setIsBroken(true)}
        />
      ) : (
        <span
          className="flex min-w-0 items-center gap-2 rounded-md border bg-background/60 px-2 py-1.5 text-xs"
          data-testid="attachment-file"
          title={isBroken ? 'The image could not be shown; download the file instead' : undefined}
        >
          {isBroken ? (
            <FileImage className="size-4 shrink-0" aria-hidden="true" />
          ) : (
            <Paperclip className="size-3 shrink-0" aria-hidden="true" />
          )}
          <span className="min-w-0 truncate">{name}</span>
        </span>
      )}
      <a
        href={url}
        download={name}
        target="_blank"
        rel="noopener noreferrer"
        className="flex w-fit items-center gap-1 text-xs underline underline-offset-2"
      >
        <Download className="size-3" aria-hidden="true" />
        Download
      </a>
    </div>
  )
}

import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMegabytes } from '#shared/documents';
import { documentTypeLabel, formatFileDate } from '#web/lib/file-details.ts';

interface FileCardProps {
  name: string;
  /** Bytes. */
  size: number;
  /** Its media type (may be empty: a browser does not always know one). */
  type: string;
  /** Epoch ms; shown when given (a chosen file has it, a saved one does not). */
  lastModified?: number;
  /** The control at the right: remove the chosen file, download the saved one. */
  action?: ReactNode;
}

/**
 * A document as the screens show it (docs/product.md §2, §3 File): icon, name, size in MB with two
 * decimals, type, and the last-modified date when known. The drop zone's chosen file and a saved
 * chat's upload both use it.
 */
export function FileCard({ name, size, type, lastModified, action }: FileCardProps) {
  const modified = lastModified === undefined ? '' : formatFileDate(lastModified);
  return (
    <div
      className="flex items-center gap-3 rounded-xl border border-border bg-card px-3 py-3 shadow-xs sm:px-4"
      data-testid="file-card"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-primary">
        <FileText className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-foreground text-sm" title={name}>
          {name}
        </p>
        <dl className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-muted-foreground text-xs">
          <div className="flex gap-1 whitespace-nowrap">
            <dt className="sr-only">Size</dt>
            <dd>{formatMegabytes(size)}</dd>
          </div>
          <div className="flex gap-1 whitespace-nowrap">
            <dt className="sr-only">Type</dt>
            <dd title={type || undefined}>{documentTypeLabel(name, type)}</dd>
          </div>
          {modified ? (
            <div className="flex gap-1 whitespace-nowrap">
              <dt>Modified</dt>
              <dd>{modified}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      {action}
    </div>
  );
}

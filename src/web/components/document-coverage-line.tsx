import { FileCheck, FileExclamationPoint } from 'lucide-react';
import type { DocumentCoverage } from '#shared/documents';
import { cn } from '#web/lib/cn.ts';
import { coverageSentence } from '#web/lib/document-coverage.ts';

/**
 * What of the document an answer read, as one line under it (issue 32): small muted text after an icon
 * (a warning sign when pages could not be read), named for screen readers, so it reads the same without
 * colour.
 */
export function DocumentCoverageLine({
  coverage,
  className,
}: {
  coverage: DocumentCoverage;
  className?: string;
}) {
  const Icon = coverage.pagesUnreadable.length > 0 ? FileExclamationPoint : FileCheck;
  return (
    <p
      className={cn('flex items-start gap-2 text-muted-foreground text-xs leading-5', className)}
      data-testid="document-coverage"
    >
      <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>
        <span className="sr-only">What was read of the document: </span>
        {coverageSentence(coverage)}
      </span>
    </p>
  );
}

import { RefreshCw } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

interface LoadErrorProps {
  message: string;
  /** The server's reason, when it gave one. */
  detail?: string;
  retrying: boolean;
  onRetry: () => void;
}

/** A part of the page that could not be loaded, with a Retry button. */
export function LoadError({ message, detail, retrying, onRetry }: LoadErrorProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="text-sm">
        <p className="font-medium text-destructive">{message}</p>
        {detail ? <p className="mt-0.5 text-muted-foreground">{detail}</p> : null}
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={retrying ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
        Retry
      </Button>
    </div>
  );
}

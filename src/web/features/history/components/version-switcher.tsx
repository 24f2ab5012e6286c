import { ChevronLeft, ChevronRight } from 'lucide-react';

interface VersionSwitcherProps {
  version: number;
  versions: number;
  /** What the versions are of, for screen readers: 'answer', 'chat'. */
  of: string;
  disabled?: boolean;
  onChoose: (version: number) => void;
}

/** '2 / 3' with arrows to the version before and after (docs/product.md §3); nothing for a single version. */
export function VersionSwitcher({ version, versions, of, disabled, onChoose }: VersionSwitcherProps) {
  if (versions < 2) return null;
  const button =
    'inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-40';
  return (
    <fieldset className="m-0 inline-flex items-center gap-0.5 border-0 p-0 text-muted-foreground text-xs">
      <legend className="sr-only">Versions of this {of}</legend>
      <button
        type="button"
        className={button}
        disabled={disabled || version <= 1}
        onClick={() => onChoose(version - 1)}
        aria-label={`Previous version of this ${of}`}
      >
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      <span className="min-w-10 text-center tabular-nums" aria-live="polite">
        {version} / {versions}
      </span>
      <button
        type="button"
        className={button}
        disabled={disabled || version >= versions}
        onClick={() => onChoose(version + 1)}
        aria-label={`Next version of this ${of}`}
      >
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </fieldset>
  );
}

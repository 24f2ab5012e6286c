import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { DEFAULT_AVATAR } from '#shared/user';
import { PHOTO_TYPES } from '#web/lib/user-photo.ts';

interface PhotoInputProps {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  describedBy?: string;
}

export function PhotoInput({ id, file, onChange, disabled, describedBy }: PhotoInputProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const nameId = useId();

  useEffect(() => {
    if (!file?.type.startsWith('image/')) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className="flex items-center gap-3 rounded-lg border border-border border-dashed p-2.5">
      <img src={preview ?? DEFAULT_AVATAR} alt="" className="size-11 shrink-0 rounded-full object-cover" />
      <div className="min-w-0 flex-1">
        <p id={nameId} className="truncate text-sm">
          {file ? file.name : 'No photo chosen'}
        </p>
        <p className="text-muted-foreground text-xs">PNG, JPEG, WebP or GIF, up to 2 MB</p>
      </div>
      {file ? (
        <button
          type="button"
          onClick={() => {
            onChange(null);
            setInputKey((k) => k + 1);
          }}
          disabled={disabled}
          aria-label="Remove photo"
          className="flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
      <span className="relative inline-flex h-9 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg border border-border px-3 font-medium text-sm transition-colors hover:bg-muted has-focus-visible:ring-2 has-focus-visible:ring-ring has-disabled:cursor-not-allowed has-disabled:opacity-50">
        <ImagePlus className="size-4" aria-hidden />
        {file ? 'Change' : 'Choose'}
        <input
          key={inputKey}
          id={id}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          disabled={disabled}
          aria-describedby={describedBy ?? nameId}
          className="absolute inset-0 size-full cursor-pointer opacity-0"
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
      </span>
    </div>
  );
}

import type { ReactNode } from 'react';

/** Invented partner marks drawn for Draftsmith; none is a real company's trademark. */
export interface PartnerMark {
  name: string;
  glyph: ReactNode;
}

export const PARTNER_MARKS: readonly PartnerMark[] = [
  {
    name: 'Ferncode',
    glyph: (
      <path
        d="M12 21V9m0 0c0-3 2-6 6-6 0 4-3 6-6 6Zm0 5c0-3-2-6-6-6 0 4 3 6 6 6Z"
        strokeWidth="2"
        fill="none"
      />
    ),
  },
  {
    name: 'Inkvale',
    glyph: <path d="M12 3c3.5 4.5 6 7.8 6 11a6 6 0 0 1-12 0c0-3.2 2.5-6.5 6-11Z" />,
  },
  {
    name: 'Tidegrid',
    glyph: (
      <>
        <rect x="3" y="3" width="8" height="8" rx="2" />
        <rect x="13" y="3" width="8" height="8" rx="2" opacity=".55" />
        <path d="M3 17c2.5-2 4.5-2 7 0s4.5 2 7 0 3-1.5 4-1" strokeWidth="2.2" fill="none" />
      </>
    ),
  },
  {
    name: 'Kitewright',
    glyph: (
      <>
        <path d="M12 2 20 10l-8 8-8-8 8-8Z" />
        <path d="M12 18v4" strokeWidth="2" />
      </>
    ),
  },
  {
    name: 'Brackenly',
    glyph: (
      <path
        d="M8 3C5 3 5 5 5 7.5S3 12 3 12s2 2 2 4.5S5 21 8 21M16 3c3 0 3 2 3 4.5S21 12 21 12s-2 2-2 4.5S19 21 16 21"
        strokeWidth="2.2"
        fill="none"
      />
    ),
  },
  {
    name: 'Moonquill',
    glyph: <path d="M15 3a9 9 0 1 0 6 15.5A7.5 7.5 0 0 1 15 3Z" />,
  },
];

export function PartnerLogo({ mark }: { mark: PartnerMark }) {
  return (
    <span className="flex items-center gap-2.5 font-semibold text-lg text-muted-foreground tracking-tight">
      <svg
        viewBox="0 0 24 24"
        className="size-7"
        fill="currentColor"
        stroke="currentColor"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth="0"
        aria-hidden="true"
      >
        {mark.glyph}
      </svg>
      {mark.name}
    </span>
  );
}

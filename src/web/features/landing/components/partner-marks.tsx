import spriteUrl from './partner-marks.svg?no-inline';

/**
 * Invented partner marks drawn for Draftsmith; none is a real company's trademark. Their glyphs are
 * symbols of one SVG sprite (partner-marks.svg, a hashed and cached build asset, as the brand icons'),
 * so their path data stays out of the first view's JavaScript; each symbol's id is the name in lower case.
 */
export const PARTNER_NAMES = [
  'Ferncode',
  'Inkvale',
  'Tidegrid',
  'Kitewright',
  'Brackenly',
  'Moonquill',
] as const;

export function PartnerLogo({ name }: { name: (typeof PARTNER_NAMES)[number] }) {
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
        focusable="false"
      >
        <use href={`${spriteUrl}#${name.toLowerCase()}`} />
      </svg>
      {name}
    </span>
  );
}

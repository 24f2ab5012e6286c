import type { ComponentProps } from 'react';
import spriteUrl from './brand-icons.svg?no-inline';

type IconProps = ComponentProps<'svg'>;

/**
 * Brand marks are not in lucide: the providers' published glyphs live in one SVG sprite
 * (brand-icons.svg, a hashed and cached build asset) that each icon references by symbol, so their
 * path data stays out of the JavaScript every page loads. The monochrome marks fill with the text
 * colour; Google's keeps its four colours (the sign-in button guidelines ask for it in colour).
 */
function BrandIcon({ symbol, viewBox, ...props }: IconProps & { symbol: string; viewBox: string }) {
  return (
    <svg viewBox={viewBox} fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <use href={`${spriteUrl}#${symbol}`} />
    </svg>
  );
}

export function GithubIcon(props: IconProps) {
  return <BrandIcon symbol="github" viewBox="0 0 24 24" {...props} />;
}

export function LinkedinIcon(props: IconProps) {
  return <BrandIcon symbol="linkedin" viewBox="0 0 24 24" {...props} />;
}

export function XIcon(props: IconProps) {
  return <BrandIcon symbol="x" viewBox="0 0 24 24" {...props} />;
}

export function DiscordIcon(props: IconProps) {
  return <BrandIcon symbol="discord" viewBox="0 0 24 24" {...props} />;
}

export function GoogleIcon(props: IconProps) {
  return <BrandIcon symbol="google" viewBox="0 0 48 48" {...props} />;
}

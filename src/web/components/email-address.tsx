import { Fragment } from 'react';
import { cn } from '#web/lib/cn.ts';

/** An address's pieces, each a place a line may end: after the @ and before each dot. */
export const addressPieces = (address: string) => address.split(/(?<=@)|(?=\.)/);

/**
 * An e-mail address that wraps on a narrow screen where a reader expects it, after its @ or before a dot
 * (`<wbr>`), and inside a word only when a piece is wider than the line. Its text is the address as is.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  return (
    <span className={cn('break-words', className)}>
      {addressPieces(address).map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one address, in order.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}

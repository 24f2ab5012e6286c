import type { ComponentProps } from 'react';
import { TextField } from '#web/components/ui/text-field.tsx';

type EmailFieldProps = Omit<
  ComponentProps<typeof TextField>,
  'label' | 'type' | 'autoComplete' | 'placeholder'
>;

/** The e-mail address field of the auth forms (sign in, sign up, forgotten password). */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...props} />
  );
}

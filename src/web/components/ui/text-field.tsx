import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldAria } from './form-field.tsx';
import { Input } from './input.tsx';
import { PasswordInput } from './password-input.tsx';

interface TextFieldProps
  extends Omit<ComponentProps<'input'>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'> {
  /** Written once: the input's id, the label's `for`, and the error and hint ids derive from it. */
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Extra control at the label's right (e.g. "Generate password"). */
  action?: ReactNode;
  /** What react-hook-form's `register(name)` returned. */
  registration: UseFormRegisterReturn;
  /** For `type="password"`: shown as text, controlled from outside (e.g. after generating one). */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
}

/** A labelled text input bound to a form field; `type="password"` adds the show/hide toggle. */
export function TextField(props: TextFieldProps) {
  const { id, label, error, hint, action, registration, type, visible, onVisibleChange, ...inputProps } =
    props;
  const control = { id, ...inputProps, ...fieldAria(id, error, hint !== undefined), ...registration };
  return (
    <FormField id={id} label={label} error={error} hint={hint} action={action}>
      {type === 'password' ? (
        <PasswordInput {...control} visible={visible} onVisibleChange={onVisibleChange} />
      ) : (
        <Input type={type} {...control} />
      )}
    </FormField>
  );
}

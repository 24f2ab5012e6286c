/** A form's own error (not a field's), e.g. what the server answered; nothing without a message. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-destructive text-sm">
      {message}
    </p>
  );
}

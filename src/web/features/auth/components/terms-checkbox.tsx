interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** docs/product.md §2: ticking this is what enables the sign-up button. */
export function TermsCheckbox({ checked, onChange, disabled }: TermsCheckboxProps) {
  return (
    <div className="flex items-start gap-2.5">
      <input
        id="signup-terms"
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-primary focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
      />
      <label htmlFor="signup-terms" className="cursor-pointer text-muted-foreground text-sm leading-5">
        I agree to the <span className="font-medium text-foreground">Terms of Service</span> and the{' '}
        <span className="font-medium text-foreground">Privacy Policy</span>
      </label>
    </div>
  );
}

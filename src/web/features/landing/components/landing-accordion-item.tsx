import { ChevronDown } from 'lucide-react';
import { createContext, type KeyboardEvent, type ReactNode, use, useId, useState } from 'react';
import './landing-accordion.css';

interface AccordionState {
  open: string | null;
  toggle: (value: string) => void;
}

const AccordionContext = createContext<AccordionState>({ open: null, toggle: () => {} });

interface LandingAccordionProps {
  defaultValue?: string;
  className?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * The WAI-ARIA accordion pattern, one item open at a time and collapsible (the open item closes on a
 * second press). Arrow keys, Home and End move between the headers. Small enough to keep a UI library
 * off the landing page's first view.
 */
export function LandingAccordion({ defaultValue, className, children, ...rest }: LandingAccordionProps) {
  const [open, setOpen] = useState<string | null>(defaultValue ?? null);
  const toggle = (value: string) => setOpen((current) => (current === value ? null : value));
  return (
    <AccordionContext value={{ open, toggle }}>
      <div data-landing-accordion="" className={className} data-testid={rest['data-testid']}>
        {children}
      </div>
    </AccordionContext>
  );
}

function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const root = event.currentTarget.closest('[data-landing-accordion]');
  if (!root) return;
  const triggers = [...root.querySelectorAll<HTMLButtonElement>('[data-landing-accordion-trigger]')];
  const index = triggers.indexOf(event.currentTarget);
  const last = triggers.length - 1;
  const next = {
    ArrowDown: index === last ? 0 : index + 1,
    ArrowUp: index === 0 ? last : index - 1,
    Home: 0,
    End: last,
  }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  triggers[next]?.focus();
}

interface LandingAccordionItemProps {
  value: string;
  title: ReactNode;
  children: ReactNode;
}

/** One styled accordion item: a heading with the toggle button, and the region it shows or hides. */
export function LandingAccordionItem({ value, title, children }: LandingAccordionItemProps) {
  const { open, toggle } = use(AccordionContext);
  const id = useId();
  const expanded = open === value;
  const state = expanded ? 'open' : 'closed';
  return (
    <div data-state={state} className="border-border border-b last:border-b-0">
      <h3 className="m-0">
        <button
          type="button"
          id={`${id}-trigger`}
          aria-expanded={expanded}
          aria-controls={`${id}-content`}
          data-state={state}
          data-landing-accordion-trigger=""
          onClick={() => toggle(value)}
          onKeyDown={moveFocus}
          className="group flex w-full items-center justify-between gap-4 rounded-md px-5 py-4 text-left font-semibold hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        >
          {title}
          <ChevronDown
            className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
            aria-hidden="true"
          />
        </button>
      </h3>
      <section
        id={`${id}-content`}
        aria-labelledby={`${id}-trigger`}
        hidden={!expanded}
        data-state={state}
        className="landing-accordion-content overflow-hidden text-muted-foreground"
      >
        <div className="px-5 pb-5">{children}</div>
      </section>
    </div>
  );
}

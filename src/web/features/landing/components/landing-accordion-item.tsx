import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { ReactNode } from 'react';
import './landing-accordion.css';

interface LandingAccordionItemProps {
  value: string;
  title: ReactNode;
  children: ReactNode;
}

/** One styled Radix accordion item; the Root (type, default value) is chosen by each section. */
export function LandingAccordionItem({ value, title, children }: LandingAccordionItemProps) {
  return (
    <Accordion.Item value={value} className="border-border border-b last:border-b-0">
      <Accordion.Header className="m-0">
        <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-md px-5 py-4 text-left font-semibold hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset">
          {title}
          <ChevronDown
            className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
            aria-hidden="true"
          />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="landing-accordion-content overflow-hidden text-muted-foreground">
        <div className="px-5 pb-5">{children}</div>
      </Accordion.Content>
    </Accordion.Item>
  );
}

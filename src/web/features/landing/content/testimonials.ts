/** Testimonials (docs/product.md §3): invented people with illustrated avatars made for Draftsmith. */
export interface Testimonial {
  quote: string;
  person: string;
  role: string;
  company: string;
  photo: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'We point Draftsmith at our own GPU box, so proprietary code never leaves the building. The code explainer is the first thing our new hires open.',
    person: 'Amara Okafor',
    role: 'Staff Engineer',
    company: 'Ferncode',
    photo: '/images/landing/avatars/amara-okafor.svg',
  },
  {
    quote:
      'The article generator gets us from topic to a structured draft in seconds. Our editors still edit — they just start from a page instead of a blank screen.',
    person: 'Lukas Brandt',
    role: 'Head of Content',
    company: 'Inkvale',
    photo: '/images/landing/avatars/lukas-brandt.svg',
  },
  {
    quote:
      'Refactors come with an explanation of every change, which makes review faster rather than slower. And because each tool keeps its history, nobody has to hunt for last week’s prompt.',
    person: 'Priya Raman',
    role: 'Engineering Manager',
    company: 'Tidegrid',
    photo: '/images/landing/avatars/priya-raman.svg',
  },
  {
    quote:
      'I run it on a small VPS with the local model. For client work that is the difference between “maybe” and “yes” when I ask whether I may use AI.',
    person: 'Diego Morales',
    role: 'Freelance Developer',
    company: 'Morales Digital',
    photo: '/images/landing/avatars/diego-morales.svg',
  },
  {
    quote:
      'My students paste the code they are stuck on and get a step-by-step walk-through instead of a finished answer. That is exactly the help I want them to have.',
    person: 'Hannah Cho',
    role: 'Computer Science Lecturer',
    company: 'Brackenly College',
    photo: '/images/landing/avatars/hannah-cho.svg',
  },
  {
    quote:
      'I give the resume assistant the job description and the client’s CV, and it suggests bullet points that actually match the role. Sessions are half as long now.',
    person: 'Tomasz Nowak',
    role: 'Career Coach',
    company: 'Kitewright',
    photo: '/images/landing/avatars/tomasz-nowak.svg',
  },
];

import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { TOOL_COUNT_TITLE, TOOL_LIST } from '#shared/tools';

const POINTS = [
  `${TOOL_COUNT_TITLE} focused assistants for code, documents, e-mail and careers`,
  'Every result saved to a per-tool history you can rename or delete',
  'Self-hosted: your drafts stay on your own server',
];

/** The brand half of the sign-in screen, shown from large screens up. */
export function AuthShowcase() {
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-800 p-12 text-white lg:flex lg:flex-col">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -right-24 size-96 rounded-full bg-white/10 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-40 -left-20 size-[28rem] rounded-full bg-violet-400/20 blur-3xl"
      />
      <Link
        to="/"
        className="relative flex w-fit items-center gap-2.5 rounded-lg font-semibold text-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        <img src="/favicon.svg" alt="" className="size-9 rounded-lg ring-1 ring-white/30" />
        Draftsmith
      </Link>
      <div className="relative my-auto max-w-lg">
        <p className="font-semibold text-4xl leading-tight tracking-tight">
          Write, explain and refactor with an assistant that keeps up.
        </p>
        <ul className="mt-8 grid gap-4">
          {POINTS.map((point) => (
            <li key={point} className="flex gap-3 text-indigo-50">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-indigo-200" aria-hidden />
              {point}
            </li>
          ))}
        </ul>
        <ul className="mt-10 flex flex-wrap gap-2" aria-label="Assistants">
          {TOOL_LIST.map((tool) => (
            <li
              key={tool.slug}
              className="rounded-full bg-white/10 px-3 py-1 text-indigo-50 text-xs ring-1 ring-white/20"
            >
              {tool.name}
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-indigo-200 text-sm">© {new Date().getFullYear()} Draftsmith</p>
    </aside>
  );
}

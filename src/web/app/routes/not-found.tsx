import { ArrowLeft } from 'lucide-react';
import { MotionConfig, motion } from 'motion/react';
import { Link } from 'react-router';
import { PageMeta } from '#web/components/page-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** docs/product.md §2: an unknown path, or any error while showing a page (route-error-boundary.tsx), shows this. */
export function NotFound() {
  // Animations follow the visitor's reduced-motion setting.
  return (
    <MotionConfig reducedMotion="user">
      <main className="relative flex min-h-dvh items-center justify-center overflow-hidden px-6 py-16 text-center">
        <PageMeta title="Page not found" description="The page you were looking for does not exist." />
        <div
          aria-hidden
          className="-z-10 absolute inset-0 bg-[radial-gradient(40rem_24rem_at_50%_30%,color-mix(in_oklab,var(--primary)_16%,transparent),transparent)]"
        />
        <div className="max-w-lg">
          <motion.div
            aria-hidden
            initial={{ opacity: 0, y: 24, scale: 0.9 }}
            animate={{ opacity: 1, y: 0, scale: 1 }}
            transition={{ type: 'spring', stiffness: 140, damping: 14 }}
            className="flex justify-center"
          >
            <motion.span
              animate={{ y: [0, -10, 0] }}
              transition={{ duration: 3, repeat: Number.POSITIVE_INFINITY, ease: 'easeInOut' }}
              className="block bg-gradient-to-b from-primary to-violet-500 bg-clip-text px-2 font-extrabold text-[7rem] text-transparent leading-none tracking-tight sm:text-[10rem]"
            >
              404
            </motion.span>
          </motion.div>
          <motion.div
            initial={{ opacity: 0, y: 12 }}
            animate={{ opacity: 1, y: 0 }}
            transition={{ delay: 0.15, duration: 0.4 }}
          >
            <h1 className="mt-4 font-semibold text-2xl tracking-tight sm:text-3xl">Page not found</h1>
            <p className="mt-3 text-muted-foreground">
              The page you are looking for does not exist or has moved. Let's get you back on track.
            </p>
            <Button asChild size="lg" className="mt-8">
              <Link to="/">
                <ArrowLeft className="size-4" aria-hidden />
                Go to Home
              </Link>
            </Button>
          </motion.div>
        </div>
      </main>
    </MotionConfig>
  );
}

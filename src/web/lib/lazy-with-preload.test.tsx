import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload.tsx';

function Greeting({ name }: { name: string }) {
  return <b>Hello {name}</b>;
}

const render = (node: React.ReactNode) => renderToString(<Suspense fallback="loading">{node}</Suspense>);

describe('lazyWithPreload', () => {
  it('suspends like React.lazy until loaded, then renders at once', async () => {
    let loads = 0;
    const Lazy = lazyWithPreload(async () => {
      loads++;
      return Greeting;
    });
    expect(Lazy.isLoaded()).toBe(false);
    expect(render(<Lazy name="Ada" />)).toContain('loading');

    await Lazy.preload();
    await Lazy.preload();
    expect(loads).toBe(1);
    expect(Lazy.isLoaded()).toBe(true);
    expect(render(<Lazy name="Ada" />)).toContain('<b>Hello <!-- -->Ada</b>');
  });
});

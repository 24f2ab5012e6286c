import { describe, expect, it } from 'vitest';
import { firstCodeBlock } from './code-block.ts';

describe('firstCodeBlock', () => {
  it('finds the first fenced block with its language', () => {
    const answer =
      'Here it is:\n\n```ts\nconst a = 1;\nconst b = 2;\n```\n\n## What changed\n\n```js\nx\n```';
    expect(firstCodeBlock(answer)).toEqual({ language: 'ts', code: 'const a = 1;\nconst b = 2;' });
  });

  it('reads tilde fences, longer fences holding shorter ones, and blocks without a language', () => {
    expect(firstCodeBlock('~~~\nplain\n~~~')).toEqual({ language: null, code: 'plain' });
    expect(firstCodeBlock('````md\n```js\ninner\n```\n````')).toEqual({
      language: 'md',
      code: '```js\ninner\n```',
    });
  });

  it('is null without a closed block', () => {
    expect(firstCodeBlock('no code here')).toBeNull();
    expect(firstCodeBlock('```js\nnever closed')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { TOOL_LIST } from '#shared/tools';
import { TOOL_CARDS } from './tool-cards.ts';

describe('landing tool cards (docs/product.md §3 Service card)', () => {
  it('has one card per tool, in catalogue order, with its route', () => {
    expect(TOOL_CARDS).toHaveLength(6);
    expect(TOOL_CARDS.map((card) => card.path)).toEqual(TOOL_LIST.map((tool) => tool.path));
  });

  it('takes title and description from the tool catalogue and names the tool in its call to action', () => {
    TOOL_CARDS.forEach((card, i) => {
      const tool = TOOL_LIST[i]!;
      expect(card.title).toBe(tool.name);
      expect(card.desc).toBe(tool.description);
      expect(card.cta).toBe(`Open ${tool.name}`);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { TOOL_LIST } from '#shared/tools';
import { teamUsageLabel, toolBars } from './usage-bars.ts';

describe('toolBars', () => {
  it('lists every tool in the catalogue order, the busiest full and the rest in proportion', () => {
    const bars = toolBars({ 'article-generator': 8, 'code-explainer': 2 });
    expect(bars.map((bar) => bar.slug)).toEqual(TOOL_LIST.map((tool) => tool.slug));
    expect(bars.find((bar) => bar.slug === 'article-generator')).toMatchObject({
      name: 'Article Generator',
      count: 8,
      percent: 100,
    });
    expect(bars.find((bar) => bar.slug === 'code-explainer')?.percent).toBe(25);
    expect(bars.find((bar) => bar.slug === 'email-helper')).toMatchObject({ count: 0, percent: 0 });
  });

  it('gives empty bars when nothing was generated', () => {
    expect(toolBars({}).every((bar) => bar.percent === 0 && bar.count === 0)).toBe(true);
  });
});

describe('teamUsageLabel', () => {
  it('counts against the limit, or says the plan is unlimited', () => {
    expect(teamUsageLabel(3, 100)).toBe('3 of 100 generations this period');
    expect(teamUsageLabel(1, null)).toBe('1 generation this period (unlimited plan)');
    expect(teamUsageLabel(12, null)).toBe('12 generations this period (unlimited plan)');
    // The noun agrees with the number it follows.
    expect(teamUsageLabel(0, 1)).toBe('0 of 1 generation this period');
    expect(teamUsageLabel(1200, 5000)).toBe('1,200 of 5,000 generations this period');
    expect(teamUsageLabel(0, null)).toBe('0 generations this period (unlimited plan)');
  });
});

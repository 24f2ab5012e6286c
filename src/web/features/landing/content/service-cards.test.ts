import { describe, expect, it } from 'vitest';
import { SERVICES } from '#shared/services';
import { SERVICE_CARDS } from './service-cards.ts';

describe('landing service cards', () => {
  it('has one card per service, in catalogue order, with its route', () => {
    expect(SERVICE_CARDS.map((card) => card.path)).toEqual([
      '/services/code-explainer',
      '/services/doc-summarizer',
      '/services/code-refactor',
      '/services/article-generator',
      '/services/email-helper',
      '/services/resume-assistant',
    ]);
  });

  it('takes title and description from the services catalogue and names the tool in its call to action', () => {
    SERVICE_CARDS.forEach((card, i) => {
      const service = SERVICES[i]!;
      expect(card.title).toBe(service.name);
      expect(card.desc).toBe(service.description);
      expect(card.cta).toBe(`Open ${service.name}`);
    });
  });
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DocumentExtractor } from './document-extractor.ts';
import { documentLimits } from './document-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads uploaded documents, and PDFs' scanned pages by OCR, in memory-capped child processes (ADR 0016, 0030). */
    documents: DocumentExtractor;
  }
}

/**
 * Decorates `app.documents` with the limits of the configuration (DOCUMENT_*, OCR_*), for the tools that
 * take a document. A system that cannot cap an extraction's memory is told once in the log; every running
 * extraction is killed when the server closes.
 */
export const documentsPlugin = fp(
  async (app: FastifyInstance) => {
    const extractor = new DocumentExtractor(documentLimits(app.config), {
      onUncapped: (detail) => app.log.warn(detail),
      onFinished: (stats) => app.log.info({ extraction: stats }, 'document read'),
      onOcrFinished: ({ pageMs, startMs, ...stats }) =>
        app.log.info(
          {
            ocr: {
              ...stats,
              startMs: startMs.map(Math.round),
              medianPageMs: Math.round([...pageMs].sort((a, b) => a - b)[Math.floor(pageMs.length / 2)] ?? 0),
            },
          },
          'scanned pages read',
        ),
    });
    app.decorate('documents', extractor);
    app.addHook('onClose', async () => extractor.close());
  },
  { name: 'documents' },
);

/**
 * The SSE `progress` event of a long generation (a document read, then summarized part by part): which
 * stage it is in, how far along, and a line for the screen, e.g. 'Summarizing part 3 of 12'.
 */
export interface GenerationProgress {
  stage: 'extracting' | 'summarizing' | 'combining';
  done: number;
  total: number;
  message: string;
}

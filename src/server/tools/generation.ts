import { randomUUID } from 'node:crypto';
import type { ChatStatus } from '../../shared/history.ts';
import { toolRequestTitle } from '../../shared/tools.ts';
import type { AiRuntime } from '../ai/ai-runtime.ts';
import { streamModelText } from '../ai/stream-model-text.ts';
import { AppError, isAppError } from '../errors.ts';
import type { HistoryRepository } from '../history/history-repository.ts';
import type { ServerTool } from './server-tool.ts';

export interface GenerationOutcome {
  status: ChatStatus;
  text: string;
  historyId: string;
}

export interface GenerationDeps {
  ai: AiRuntime;
  history: HistoryRepository;
}

/**
 * One tool run. It streams the model's text to whoever listens and, when the model is done, writes the
 * chat to history itself, so nothing is lost when the client goes away. `stop()` ends it early and saves
 * what was produced as 'stopped'; a failure saves nothing. The id doubles as the history id.
 */
export class Generation {
  readonly id = randomUUID();
  readonly userId: string;
  readonly tool: ServerTool;
  /** Settles when the chat is saved (or the generation failed); never rejects unhandled. */
  readonly outcome: Promise<GenerationOutcome>;
  text = '';
  private readonly stopper = new AbortController();
  private deltaListener: ((text: string) => void) | undefined;

  constructor(deps: GenerationDeps, userId: string, tool: ServerTool, input: Record<string, unknown>) {
    this.userId = userId;
    this.tool = tool;
    this.outcome = this.run(deps, input);
    this.outcome.catch(() => {}); // observed by the route; a client that left must not crash the process
  }

  get stopped(): boolean {
    return this.stopper.signal.aborted;
  }

  /** Receives each piece of text as it is generated (one listener: the request that started it). */
  onDelta(listener: (text: string) => void): void {
    this.deltaListener = listener;
  }

  stop(): void {
    this.stopper.abort(new Error('stopped by the user'));
  }

  private async run(deps: GenerationDeps, input: Record<string, unknown>): Promise<GenerationOutcome> {
    const { tool } = this;
    const build = tool.buildPrompt as (input: Record<string, unknown>) => string;
    const stream = streamModelText({
      model: deps.ai.languageModel(),
      system: tool.system,
      prompt: build(input),
      settings: deps.ai.settings,
      signal: this.stopper.signal,
    });
    try {
      for await (const delta of stream) {
        this.text += delta;
        this.deltaListener?.(delta);
      }
    } catch (err) {
      throw isAppError(err) ? err : new AppError('internal:generation', undefined, { cause: err });
    }
    const status: ChatStatus = this.stopped ? 'stopped' : 'complete';
    if (status === 'complete' && this.text.trim() === '') {
      throw new AppError('bad_gateway:ai_empty', 'The AI model returned an empty answer. Please try again.');
    }
    const userMessage = tool.userMessage as (input: Record<string, unknown>) => string;
    await deps.history.insert({
      id: this.id,
      userId: this.userId,
      service: tool.definition.slug,
      title: toolRequestTitle(tool.definition, input),
      messages: [
        { role: 'user', content: userMessage(input) },
        { role: 'assistant', content: this.text },
      ],
      status,
    });
    return { status, text: this.text, historyId: this.id };
  }
}

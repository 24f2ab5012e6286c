import type { AiRuntime } from '#server/ai/ai-runtime';
import { queueTicketOptions } from '#server/ai/generation-limiter';
import { streamModelText } from '#server/ai/stream-model-text';
import { AppError, isAppError } from '#server/errors';
import type { HistoryRepository } from '#server/history/history-repository';
import type { ChatStatus } from '#shared/history';
import { toolRequestTitle } from '#shared/tools';
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

export interface GenerationRequest {
  /** Also the history id of the saved chat. */
  id: string;
  userId: string;
  tool: ServerTool;
  input: Record<string, unknown>;
}

/**
 * One tool run. It streams the model's text to whoever listens and, when the model is done, writes the
 * chat to history itself, so nothing is lost when the client goes away. `stop()` ends it early and saves
 * what was produced as 'stopped'; a failure saves nothing. The id doubles as the history id. One still
 * waiting for the local model when its client leaves is dropped instead (`abandon`): no model call,
 * nothing saved.
 */
export class Generation {
  readonly id: string;
  readonly userId: string;
  readonly tool: ServerTool;
  /** Settles when the chat is saved (or the generation failed); never rejects unhandled. */
  readonly outcome: Promise<GenerationOutcome>;
  text = '';
  private readonly stopper = new AbortController();
  private readonly ai: AiRuntime;
  private deltaListener: ((text: string) => void) | undefined;

  constructor(deps: GenerationDeps, request: GenerationRequest) {
    this.id = request.id;
    this.userId = request.userId;
    this.tool = request.tool;
    this.ai = deps.ai;
    this.outcome = this.run(deps, request.input);
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

  /**
   * The client went away. Still waiting for the model: dropped (the outcome rejects, nothing is saved,
   * its place is freed). Already started: nothing changes, it finishes and saves its chat.
   */
  abandon(): void {
    this.ai.dropQueued(
      this.id,
      new AppError('client_closed:generation', 'The client left before the generation started.'),
    );
  }

  private async run(deps: GenerationDeps, input: Record<string, unknown>): Promise<GenerationOutcome> {
    const { tool } = this;
    const build = tool.buildPrompt as (input: Record<string, unknown>) => string;
    const ticket = { userId: this.userId, id: this.id };
    try {
      // A local model still downloading or loading is waited for here, before the provider watchdog
      // of streamModelText starts: the wait may be minutes, and the request goes on once it is ready.
      await deps.ai.waitForModel(ticket, this.stopper.signal).catch((err: unknown) => {
        if (!this.stopped) throw err;
      });
      if (!this.stopped) {
        const stream = streamModelText({
          model: deps.ai.languageModel(),
          system: tool.system,
          prompt: build(input),
          settings: deps.ai.settings,
          signal: this.stopper.signal,
          providerOptions: queueTicketOptions(ticket),
        });
        for await (const delta of stream) {
          this.text += delta;
          this.deltaListener?.(delta);
        }
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

/**
 * Share of the local model's context a prompt may fill; the rest is room for the answer. Its own module
 * so the AI runtime can size prompts without loading node-llama-cpp.
 */
export const PROMPT_SHARE = 0.75;

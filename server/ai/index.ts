// Chooses the AI provider from the environment: `openai` when AI_PROVIDER says so (the default when an
// OPENAI_API_KEY is set; env.ts enforces the key), otherwise the offline `builtin` provider.
import type { Env } from '../env';
import { BuiltinProvider, type BuiltinProviderOptions } from './builtin';
import { OpenAiProvider } from './openai';
import type { AiProvider } from './types';

export type { AiProvider } from './types';

export function createAiProvider(env: Env, builtin: BuiltinProviderOptions): AiProvider {
  if (env.AI_PROVIDER === 'openai' && env.OPENAI_API_KEY) {
    return new OpenAiProvider({
      apiKey: env.OPENAI_API_KEY,
      ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
      imageModel: env.OPENAI_IMAGE_MODEL,
      chatModel: env.OPENAI_CHAT_MODEL,
      timeoutMs: env.OPENAI_TIMEOUT_MS,
      maxRetries: env.OPENAI_MAX_RETRIES,
    });
  }
  return new BuiltinProvider(builtin);
}

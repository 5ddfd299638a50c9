// Chooses the staging renderer like the AI provider is chosen (server/ai/index.ts): openai when the env says so,
// otherwise the builtin one, which answers the staging the device rendered.
import type { Env } from '../../env';
import { builtinStagingRenderer } from './builtin';
import { openAiStagingRenderer } from './openai';
import type { StagingRenderer } from './types';

export type { StagingLine, StagingRenderer } from './types';

export function createStagingRenderer(env: Env): StagingRenderer {
  if (env.AI_PROVIDER === 'openai' && env.OPENAI_API_KEY) {
    return openAiStagingRenderer({
      apiKey: env.OPENAI_API_KEY,
      ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
      imageModel: env.OPENAI_IMAGE_MODEL,
      timeoutMs: env.OPENAI_TIMEOUT_MS,
      maxRetries: env.OPENAI_MAX_RETRIES,
    });
  }
  return builtinStagingRenderer();
}

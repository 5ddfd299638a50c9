import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../server/env';

function problemsOf(raw: Record<string, string | undefined>): string[] {
  try {
    parseEnv(raw);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('parseEnv accepted the input');
}

describe('#parseEnv', () => {
  it('fills every default from an empty environment', () => {
    expect(parseEnv({})).toEqual({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATABASE_PATH: './data/raumglanz.db',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      STATIC_DIR: './dist',
      STARTING_CREDITS: 10,
      TRUST_PROXY: 0,
      AI_PROVIDER: 'builtin',
      OPENAI_IMAGE_MODEL: 'gpt-image-1',
      OPENAI_CHAT_MODEL: 'gpt-4o-mini',
      OPENAI_TIMEOUT_MS: 120000,
      OPENAI_MAX_RETRIES: 2,
      PAID_RESULT_TTL_MINUTES: 1440,
      STARTER_CREDITS_PER_NETWORK_PER_DAY: 3,
      FREE_CREDITS_DAILY_CAP: 1000,
      HEADERS_TIMEOUT_MS: 20000,
      REQUEST_TIMEOUT_MS: 120000,
      KEEP_ALIVE_TIMEOUT_MS: 5000,
      IMAGE_WORK_CONCURRENCY: 0,
      IMAGE_QUEUE_MAX: 16,
      ANALYZE_MEGAPIXELS_PER_MINUTE: 64,
      FREE_MODES_MEGAPIXELS_PER_MINUTE: 600,
      AI_RATE_LIMIT_ENHANCE: 60,
      QUEUE_WAIT_SECONDS: 25,
      QUEUE_JOB_EXPIRE_SECONDS: 900,
      QUEUE_RETRY_LIMIT: 2,
      QUEUE_RETRY_DELAY_SECONDS: 5,
      QUEUE_MAINTENANCE_SECONDS: 30,
      WORKER_CONCURRENCY: 2,
    });
  });

  it.each([
    [{ PORT: '3000' }, { PORT: 3000 }],
    [{ PORT: '0' }, { PORT: 0 }],
    [{ LOG_LEVEL: 'silent' }, { LOG_LEVEL: 'silent' }],
    [{ NODE_ENV: 'production' }, { NODE_ENV: 'production' }],
    [{ STARTING_CREDITS: '0' }, { STARTING_CREDITS: 0 }],
    [{ OPENAI_API_KEY: 'sk-test' }, { OPENAI_API_KEY: 'sk-test', AI_PROVIDER: 'openai' }],
    [{ OPENAI_API_KEY: 'sk-test', AI_PROVIDER: 'builtin' }, { AI_PROVIDER: 'builtin' }],
    [{ OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1' }, { OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1' }],
    [{ PORT: ' 8081 ' }, { PORT: 8081 }],
    [
      { PORT: '', OPENAI_API_KEY: '' },
      { PORT: 8080, AI_PROVIDER: 'builtin' },
    ],
    [{ TRUST_PROXY: '1' }, { TRUST_PROXY: 1 }],
  ])('reads %j', (raw, expected) => {
    expect(parseEnv(raw)).toMatchObject(expected);
  });

  it('ignores variables it does not know', () => {
    expect(parseEnv({ PATH: '/usr/bin', HOME: '/root' })).not.toHaveProperty('PATH');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ PORT: '80.5' }, 'PORT must be a whole number from 0 to 65535 (got "80.5")'],
    [{ PORT: '-1' }, 'PORT must be a whole number from 0 to 65535 (got "-1")'],
    [{ AI_PROVIDER: 'anthropic' }, 'AI_PROVIDER must be openai or builtin (got "anthropic")'],
    [{ AI_PROVIDER: 'openai' }, 'AI_PROVIDER is openai, but OPENAI_API_KEY is not set (got "openai")'],
    [
      { LOG_LEVEL: 'verbose' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV must be development, production or test (got "prod")'],
    [{ STARTING_CREDITS: 'ten' }, 'STARTING_CREDITS must be a whole number from 0 to 1000000 (got "ten")'],
    [
      { OPENAI_BASE_URL: 'file:///etc/passwd' },
      'OPENAI_BASE_URL must be an http(s) URL such as https://api.openai.com/v1 (got "file:///etc/passwd")',
    ],
  ])('rejects %j naming the variable', (raw, problem) => {
    expect(problemsOf(raw)).toEqual([problem]);
  });

  it('lists every bad variable at once, one per line of the message', () => {
    const error = (() => {
      try {
        parseEnv({ PORT: 'x', AI_PROVIDER: 'y' });
      } catch (e) {
        return e as EnvError;
      }
    })();
    expect(error?.problems).toHaveLength(2);
    expect(error?.message).toBe(
      'Invalid environment:\n' +
        '  PORT must be a whole number from 0 to 65535 (got "x")\n' +
        '  AI_PROVIDER must be openai or builtin (got "y")',
    );
  });

  it('never echoes a secret value, even when it is the bad one', () => {
    expect(problemsOf({ OPENAI_API_KEY: 'sk-very secret' })).toEqual([
      'OPENAI_API_KEY must not contain spaces or line breaks',
    ]);
  });
});

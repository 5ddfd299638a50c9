// The pure rules of the browser's account client: where a sign-in may return to, and which German sentence
// each way of failing gets.
import { describe, expect, it } from 'vitest';
import {
  authErrorMessage,
  authFailureOf,
  loginPath,
  loginReasonOf,
  safeReturnPath,
} from '../../../web/api/auth';
import { t } from '../../../web/i18n/de';

describe('#safeReturnPath', () => {
  it.each([
    ['/preise', '/preise'],
    ['/?hasImages=true#top', '/?hasImages=true#top'],
    ['/a/../preise', '/preise'],
    [null, '/'],
    ['', '/'],
    ['preise', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/\nSet-Cookie', '/'],
    ['/login', '/'],
    ['/login?next=/login', '/'],
  ])('%j -> %j', (next, expected) => {
    expect(safeReturnPath(next)).toBe(expected);
  });
});

describe('#loginPath', () => {
  it.each([
    ['/preise', '/login?next=%2Fpreise'],
    ['/?a=1&b=2', '/login?next=%2F%3Fa%3D1%26b%3D2'],
    ['/', '/login'],
    ['//evil.example', '/login'],
  ])('%j -> %j', (returnTo, expected) => {
    expect(loginPath(returnTo)).toBe(expected);
  });

  // The app says why it sends a visitor there; the login page reads it back.
  it.each([
    ['/', 'paidMode', '/login?reason=paidMode'],
    ['/preise', 'staging', '/login?next=%2Fpreise&reason=staging'],
    ['//evil.example', 'suggestions', '/login?reason=suggestions'],
  ] as const)('%j for %s -> %j', (returnTo, reason, expected) => {
    expect(loginPath(returnTo, reason)).toBe(expected);
    const params = new URL(expected, 'http://raumglanz.test').searchParams;
    expect(loginReasonOf(params.get('reason'))).toBe(reason);
  });
});

describe('#loginReasonOf', () => {
  it.each([
    ['paidMode', 'paidMode'],
    ['staging', 'staging'],
    ['suggestions', 'suggestions'],
    [null, null],
    ['', null],
    ['PAIDMODE', null],
    ['<script>', null],
    ['toString', null],
  ])('%j -> %j', (value, expected) => {
    expect(loginReasonOf(value)).toBe(expected);
  });

  it('has a German line for every reason', () => {
    for (const reason of ['paidMode', 'staging', 'suggestions'] as const) {
      expect(t(`auth.reasons.${reason}`)).toMatch(/brauchst du ein Konto, denn (er|es) kostet Credits\./);
    }
  });
});

describe('#authFailureOf', () => {
  it.each([
    [{ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 }, 'wrongPassword'],
    [{ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', status: 422 }, 'emailTaken'],
    [{ code: 'USER_ALREADY_EXISTS', status: 422 }, 'emailTaken'],
    [{ code: 'PASSWORD_TOO_SHORT', status: 400 }, 'passwordTooShort'],
    [{ code: 'PASSWORD_TOO_LONG', status: 400 }, 'passwordTooLong'],
    [{ code: 'INVALID_EMAIL', status: 400 }, 'invalidEmail'],
    [{ code: 'RATE_LIMITED', status: 429 }, 'rateLimited'],
    [{ status: 429 }, 'rateLimited'],
    [{ code: 'INVALID_REQUEST', status: 400, details: { issues: [{ path: 'email' }] } }, 'invalidEmail'],
    [{ code: 'INVALID_REQUEST', status: 400, details: { issues: [{ path: 'name' }] } }, 'invalidInput'],
    [{ code: 'FORBIDDEN', status: 403 }, 'unknown'],
    [{ status: 500 }, 'unknown'],
  ])('%j -> %s', (error, failure) => {
    expect(authFailureOf(error)).toBe(failure);
  });
});

describe('#authErrorMessage', () => {
  it.each([
    ['wrongPassword', 'E-Mail oder Passwort ist falsch.'],
    ['emailTaken', 'Für diese E-Mail-Adresse gibt es schon ein Konto. Melde dich an.'],
    ['passwordTooShort', 'Das Passwort muss mindestens 8 Zeichen lang sein.'],
    ['passwordTooLong', 'Das Passwort darf höchstens 128 Zeichen lang sein.'],
    ['network', 'Keine Verbindung zum Server. Bitte prüfe deine Internetverbindung und versuche es erneut.'],
    ['rateLimited', 'Zu viele Anmeldeversuche. Bitte warte eine Minute und versuche es dann erneut.'],
  ] as const)('%s', (failure, message) => {
    expect(authErrorMessage(failure)).toBe(message);
  });
});

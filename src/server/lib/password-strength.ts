import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { Invalid } from './errors.ts';

/** The estimator's score (0–4) a new password must reach: 3 is "safely unguessable" under throttled online attack and beyond. */
const MIN_SCORE = 3;

// The dictionaries are a few megabytes: loaded on first use, so a start that never sets a password does not pay for them.
let estimator: Promise<ZxcvbnFactory> | undefined;
function load(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      }),
  );
  return estimator;
}

/** The words of a person's name and e-mail address, so a password built from them is seen as one. */
function personalWords(inputs: readonly string[]): string[] {
  const words = inputs.flatMap((input) => {
    const lower = input.toLowerCase();
    const parts = lower.split(/[^\p{L}\p{N}]+/u);
    // "Mary Jones" and "mary.jones@…" also as "maryjones", the way people join them in a password.
    return [lower, ...parts, lower.split('@')[0]!.replace(/[^\p{L}\p{N}]+/gu, '')];
  });
  return [...new Set(words.filter((w) => w.length >= 3))];
}

/**
 * Why a new password would be easy to guess, or null when it is strong enough: the estimator's
 * warning and suggestions, as one message. `inputs` are the account's name and e-mail address.
 */
export async function weakPasswordAdvice(password: string, inputs: readonly string[]): Promise<string | null> {
  const result = (await load()).check(password, personalWords(inputs));
  if (result.score >= MIN_SCORE) return null;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter((s): s is string => Boolean(s));
  return advice.length > 0 ? advice.join(' ') : 'This password is easy to guess. Add more words that are less common.';
}

/** Refuses a new password that is easy to guess, naming the field the advice belongs under. */
export async function assertStrongPassword(password: string, inputs: readonly string[], field: string): Promise<void> {
  const advice = await weakPasswordAdvice(password, inputs);
  if (advice) throw new Invalid(advice, { [field]: advice });
}

import type { Locator } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The open assessment dialog. */
export const assessmentDialog = (page: { getByRole: Locator['getByRole'] }) => page.getByRole('dialog', { name: 'Assess reportability' });

/** Nothing is chosen for the handler: no answer, no decision, and no category or regime to pick. */
export async function expectNothingChosen(dialog: Locator) {
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  for (const radio of await dialog.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  await expect(dialog.getByLabel('Category')).toHaveCount(0);
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
}

/**
 * Answers the assessment's questions: Yes to those whose text matches `yes` (in that order), No to
 * every other question still asked (an answer may bring a question in or take it away).
 */
export async function answerQuestions(dialog: Locator, yes: readonly RegExp[] = []) {
  for (const question of yes) await dialog.getByRole('group', { name: question }).first().getByRole('radio', { name: 'Yes', exact: true }).check();
  for (;;) {
    const open = dialog.getByRole('group').filter({ has: dialog.page().getByRole('radio', { name: 'No', exact: true }) }).filter({ hasNot: dialog.page().locator('input:checked') });
    if ((await open.count()) === 0) return;
    await open.first().getByRole('radio', { name: 'No', exact: true }).check();
  }
}

interface Walk {
  /** Questions answered Yes; every other one No. */
  yes?: readonly RegExp[];
  decision: 'Reportable' | 'Not reportable';
  rationale: string;
  password: string;
}

/** Walks an open assessment to its signed decision, checking on the way that nothing was chosen for the handler. */
export async function assessAndSign(dialog: Locator, { yes = [], decision, rationale, password }: Walk) {
  await expectNothingChosen(dialog);
  await answerQuestions(dialog, yes);
  await dialog.getByRole('radio', { name: decision, exact: true }).check();
  await dialog.getByLabel('Rationale').fill(rationale);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('table', { name: 'Reporting clocks before and after' })).toBeVisible();
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Sign and record' }).click();
}

/** A question of the US manufacturer's set, by its text. */
export const US_QUESTION = {
  death: /may have caused or contributed to a death\?$/,
  seriousInjury: /may have caused or contributed to a serious injury\?$/,
  malfunction: /Has the device malfunctioned in a way that would be likely to cause or contribute to a death or serious injury/,
} as const;

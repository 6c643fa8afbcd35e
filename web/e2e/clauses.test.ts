import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCall } from './support/api';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { confirmMailbox, signUp, toast } from './support/session';
import { awardedStem } from './support/stems';

describe('the clause library and a stem’s clauses in the browser', () => {
  const browser = useBrowser();

  it('an admin keeps the clause library in Admin › Clauses, and on a draft stem adds one clause and removes the default one', async () => {
    const run = randomUUID().slice(0, 8);
    const admin = await browser.openPage();
    const { email } = await signUp(admin, 'admin', `Clause Desk ${run}`);
    await confirmMailbox(admin, email);

    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Clauses' }).click();
    await admin.getByRole('heading', { name: 'No clauses yet' }).waitFor();
    const addClause = async (title: string, text: string, isDefault: boolean) => {
      await admin.getByRole('button', { name: 'Add Clause' }).first().click();
      const dialog = admin.getByRole('dialog', { name: 'Add Clause' });
      await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
      await dialog.getByRole('textbox', { name: 'Text' }).fill(text);
      if (isDefault) await dialog.getByRole('checkbox', { name: /^Default/ }).check();
      await dialog.getByRole('button', { name: 'Add Clause' }).click();
      await toast(admin, 'Clause added successfully!');
    };
    // A title is required: the dialog names it and nothing is added.
    await admin.getByRole('button', { name: 'Add Clause' }).click();
    await admin
      .getByRole('dialog', { name: 'Add Clause' })
      .getByRole('button', { name: 'Add Clause' })
      .click();
    await admin.getByText('Title is required').waitFor();
    await admin.getByRole('button', { name: 'Cancel' }).click();

    await addClause('Law and jurisdiction', 'English law; London arbitration.', true);
    await addClause('Sampling', 'Samples drawn at the barge manifold.', false);
    await addClause('Obsolete', 'To be deleted.', false);
    const table = admin.getByRole('table', { name: 'Clauses' });
    await table.getByText('Sampling', { exact: true }).waitFor();

    await admin.getByRole('button', { name: 'Edit Sampling' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Clause' });
    await edit.getByRole('textbox', { name: 'Title' }).fill('Sampling and analysis');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(admin, 'Clause updated successfully!');
    await table.getByText('Sampling and analysis').waitFor();

    await admin.getByRole('button', { name: 'Delete Obsolete' }).click();
    await admin
      .getByRole('dialog', { name: 'Delete clause' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(admin, 'Clause deleted successfully!');
    await table.getByText('Obsolete').waitFor({ state: 'detached' });
    expect(await axeViolations(admin)).toEqual([]);

    // A stem made by an award carries the default clause.
    const { stemId } = await awardedStem(admin);

    await admin.goto(`/stems/${stemId}`);
    const clauses = admin.getByRole('list', { name: 'Clauses' });
    await clauses.getByText('Law and jurisdiction').waitFor();
    await admin.getByRole('textbox', { name: 'Add a clause from the library' }).click();
    await admin.getByRole('option', { name: 'Sampling and analysis' }).click();
    await admin.getByRole('button', { name: 'Add Clause' }).click();
    await clauses.getByText('Samples drawn at the barge manifold.').waitFor();
    await admin.getByRole('button', { name: 'Remove Law and jurisdiction' }).click();
    await clauses.getByText('Law and jurisdiction').waitFor({ state: 'detached' });
    expect(await axeViolations(admin)).toEqual([]);

    const stem = await apiCall<{ clauses: { title: string }[] }>(admin, 'GET', `/api/stems/${stemId}`);
    expect(stem.clauses.map((c) => c.title)).toEqual(['Sampling and analysis']);
  }, 240_000);
});

import { expect, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import {
  historyItem,
  historyList,
  openItemMenu,
  openService,
  readClipboard,
  toolOutput,
  watchForPartialOutput,
} from './support/service-helpers.ts';
import { sidebarTitle, TOOL_CASES } from './support/tool-inputs.ts';

/**
 * Each of the six tools end to end (issue 3): fill the form, watch the output stream in, copy it,
 * find the chat in the sidebar, open it, rename it, delete it.
 */
for (const tool of TOOL_CASES) {
  test(`${tool.name}: stream, copy, then open, rename and delete the saved chat`, async ({
    page,
  }, testInfo) => {
    const marker = newMarker();
    const reply = `## ${tool.name} result\n\nFirst part of the answer arrives word by word.\n\n\`\`\`js\nconsole.log('${tool.slug}');\n\`\`\`\n\nThe end.`;
    await scriptReply(marker, { text: reply, firstTokenDelayMs: 1500, chunkDelayMs: 120 });
    await openService(page, testInfo, tool.slug);

    await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible();
    await expect(page.getByTestId('service-tagline')).toHaveText(tool.tagline);
    const submit = page.getByRole('button', { name: tool.button, exact: true });
    await expect(submit).toBeDisabled();
    const title = await tool.fill(page, marker);
    await expect(submit).toBeEnabled();
    const sawPartial = await watchForPartialOutput(page, 'First part', 'The end.');
    await submit.click();

    // Pending: busy label, inputs disabled, then text streams in while Stop is still offered.
    await expect(page.getByRole('button', { name: tool.busy, exact: true })).toBeDisabled();
    await expect(page.getByRole('form').getByRole('textbox').first()).toBeDisabled();
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    await expect(stop).toBeVisible();

    // Done: the form gives way to the rendered output.
    await expect(toolOutput(page)).toContainText('The end.');
    expect(await sawPartial()).toBe(true);
    await expect(stop).toBeHidden();
    await expect(page.getByRole('button', { name: tool.busy, exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: tool.button, exact: true })).toBeHidden();
    await expect(toolOutput(page).getByRole('heading', { name: `${tool.name} result` })).toBeVisible();
    await expect(toolOutput(page).locator('code.hljs')).toContainText(`console.log('${tool.slug}')`);

    // Copy → Copied for about 2 s, with the whole answer on the clipboard (a refactor's: its code alone,
    // issue 16).
    const copy = page.getByRole('button', { name: 'Copy output' });
    await copy.click();
    await expect(page.getByRole('button', { name: 'Copy output: copied' })).toHaveText('Copied');
    expect(await readClipboard(page)).toBe(
      tool.slug === 'code-refactor' ? `console.log('${tool.slug}');` : reply,
    );
    await expect(page.getByRole('button', { name: 'Copy output' })).toHaveText('Copy', { timeout: 4000 });
    // Code blocks have their own Copy: just the code.
    await toolOutput(page).getByRole('button', { name: 'Copy code' }).click();
    await expect(toolOutput(page).getByRole('button', { name: 'Copy code: copied' })).toBeVisible();
    expect(await readClipboard(page)).toBe(`console.log('${tool.slug}');`);

    // The chat is in the sidebar, newest first, its title cut at 20 characters.
    const item = historyItem(page, sidebarTitle(title));
    await expect(item).toBeVisible();
    await expect(historyList(page).getByRole('listitem')).toHaveCount(1);

    // Open it: the prompt (collapsible) and the AI output.
    await item.click();
    const prompt = page.getByRole('region', { name: 'Prompt' });
    await expect(prompt).toContainText(marker);
    await prompt.getByRole('button', { name: 'Hide' }).click();
    await expect(prompt.getByText(marker)).toBeHidden();
    await prompt.getByRole('button', { name: 'Show' }).click();
    await expect(prompt.getByText(marker)).toBeVisible();
    const output = page.getByRole('region', { name: 'AI Output' });
    await expect(output.getByRole('heading', { name: `${tool.name} result` })).toBeVisible();
    await expect(output).toContainText('The end.');

    // Rename inline: Enter saves.
    await openItemMenu(page, title);
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const input = page.getByRole('textbox', { name: 'Chat title' });
    await expect(input).toBeFocused();
    await input.fill(`Renamed ${tool.name} chat`);
    await input.press('Enter');
    const renamed = historyItem(page, sidebarTitle(`Renamed ${tool.name} chat`));
    await expect(renamed).toBeVisible();
    await page.reload();
    await expect(renamed).toBeVisible();

    // Delete, confirmed: the chat leaves the list and the form is back.
    await renamed.click();
    await expect(page.getByRole('region', { name: 'Prompt' })).toBeVisible();
    await openItemMenu(page, `Renamed ${tool.name} chat`);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this history?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(renamed).toBeHidden();
    await expect(page.getByText('No history yet')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Prompt' })).toBeHidden();
    await expect(page.getByRole('button', { name: tool.button, exact: true })).toBeVisible();
  });
}

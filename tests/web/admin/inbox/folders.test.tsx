// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  barLayout,
  FolderNav,
  FOLDERS,
  folderSearch,
  shownFolder,
  type FolderEntry,
} from '../../../../src-web/admin/features/inbox/folders.tsx';

/** Seven folders, more than the bottom bar holds, as the dashboard will have some day. */
const MANY: FolderEntry[] = [
  'Boîte de réception',
  'Indésirables',
  'Sources',
  'Devis',
  'Réglages',
  'Factures',
  'Clients',
].map((label, index) => ({
  key: index === 0 ? '' : label.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''),
  label,
  icon: 'inbox',
  available: () => true,
}));

/** The folder at this place of a list (the test's own lists have it). */
function at(folders: readonly FolderEntry[], index: number): FolderEntry {
  const folder = folders[index];
  if (!folder) throw new Error(`pas de dossier ${index}`);
  return folder;
}

function renderNav(folders: readonly FolderEntry[], shown: FolderEntry, phone: boolean) {
  render(
    <MemoryRouter>
      <FolderNav folders={folders} shown={shown} counts={new Map()} phone={phone} />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Dossiers' });
}

describe('the dashboard’s folders', () => {
  it('are one list: each with its own place in the URL, a short name that starts its name', () => {
    const keys = FOLDERS.map((folder) => folder.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(folderSearch(at(FOLDERS, 0))).toBe('');
    expect(folderSearch(shownFolder(FOLDERS, 'devis'))).toBe('?dossier=devis');
    for (const folder of FOLDERS) {
      if (folder.short) expect(folder.label.startsWith(folder.short), folder.label).toBe(true);
    }
    // An unknown or unavailable folder in the URL shows the inbox.
    expect(shownFolder(FOLDERS, 'inconnu')).toBe(FOLDERS[0]);
    expect(shownFolder(FOLDERS, null)).toBe(FOLDERS[0]);
    expect(shownFolder(FOLDERS, 'sources')?.label).toBe('Sources');
  });

  it('fill the bottom bar while they fit, then leave the last place to « Plus »', () => {
    expect(barLayout([1, 2, 3, 4, 5])).toEqual({ bar: [1, 2, 3, 4, 5], more: [] });
    expect(barLayout([1, 2, 3, 4, 5, 6])).toEqual({ bar: [1, 2, 3, 4], more: [5, 6] });
  });

  it('on a laptop, are all links, the one shown marked as the current page', () => {
    const nav = renderNav(MANY, at(MANY, 5), false);
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(MANY.map((folder) => folder.label));
    expect(within(nav).getByRole('link', { name: 'Factures' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).queryByRole('button')).toBeNull();
  });

  it('on a phone, keep every folder reachable: « Plus » unfolds the rest, Escape folds it back', async () => {
    const user = userEvent.setup();
    const nav = renderNav(MANY, at(MANY, 5), true);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(MANY.slice(0, 4).map((folder) => folder.label));
    // The folder shown is behind « Plus »: the button says so.
    const more = within(nav).getByRole('button', { name: /^Plus\s*, Factures$/u });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const rest = within(nav).getByRole('list', { name: 'Autres dossiers' });
    expect(
      within(rest)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Réglages', 'Factures', 'Clients']);
    expect(within(rest).getByRole('link', { name: 'Réglages' })).toHaveFocus();
    expect(within(rest).getByRole('link', { name: 'Factures' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(rest).not.toBeVisible();
    expect(more).toHaveFocus();
  });
});

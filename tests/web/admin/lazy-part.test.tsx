// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, PartBoundary } from '../../../src-web/admin/components/lazy-part.tsx';

/** A part's code the test hands over when it decides: the download, held. */
function heldDownload() {
  let arrive: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<(props: { name: string }) => React.JSX.Element>((resolve, reject) => {
        arrive = () => resolve(({ name }) => <h2>Devis de {name}</h2>);
        fail = reject;
      }),
  );
  return { load, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

describe('a part of the owner’s app fetched when shown', () => {
  it('says what is coming while its code arrives, then shows it; fetched once however often asked', async () => {
    const download = heldDownload();
    const part = lazyPart(download.load);
    part.prefetch();
    part.prefetch();
    render(
      <PartBoundary loading="Chargement des devis…">
        <part.Component name="Transport Oran Sud" />
      </PartBoundary>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des devis…');
    download.arrive();
    expect(
      await screen.findByRole('heading', { name: 'Devis de Transport Oran Sud' }),
    ).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
    expect(download.load).toHaveBeenCalledTimes(1);
  });

  it('a download that fails says so, with « Recharger la page », never a blank screen', async () => {
    const download = heldDownload();
    const part = lazyPart(download.load);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <PartBoundary loading="Chargement des factures…">
        <part.Component name="x" />
      </PartBoundary>,
    );
    download.fail(new TypeError('Failed to fetch dynamically imported module'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cette partie de l’application n’a pas pu être chargée. Vérifiez la connexion, puis rechargez la page.',
    );
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
    // A later prefetch tries the download again rather than keeping the failure.
    part.prefetch();
    expect(download.load).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });
});
